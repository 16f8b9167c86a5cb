import { type Collection, NotFoundError } from '@platform/datasource-toolkit';
import { type ActionRoute, toActionSlug } from '../../schema/action-route';

/** How the route of an action is found: the option of the runtime, or schema order and slug. */
export type GetActionRoute = (collection: string, action: string) => ActionRoute;

/** The default route of an action: its position in `schema.actions` and its slug (`toActionSlug`). */
export function defaultActionRoute(collection: Collection, action: string): ActionRoute {
  return { index: Object.keys(collection.schema.actions).indexOf(action), slug: toActionSlug(action) };
}

/**
 * The name of the action of `collection` whose route is (`index`, `slug`); `index` is undefined
 * on the unsafe endpoint, which matches by slug only.
 * @throws NotFoundError listing the action routes of the collection.
 */
export function resolveActionName(
  collection: Collection,
  slug: string,
  index: number | undefined,
  getActionRoute?: GetActionRoute,
): string {
  const routeOf = (action: string) =>
    getActionRoute ? getActionRoute(collection.name, action) : defaultActionRoute(collection, action);
  const names = Object.keys(collection.schema.actions);
  const name = names.find((action) => {
    const route = routeOf(action);
    return route.slug === slug && (index === undefined || route.index === index);
  });
  if (name === undefined) {
    const known = names.map((action) => {
      const route = routeOf(action);
      return index === undefined ? route.slug : `${route.index}/${route.slug}`;
    });
    throw new NotFoundError(
      `No action of '${collection.name}' at '${index === undefined ? '' : `${index}/`}${slug}'. ` +
        `Actions: ${known.join(', ') || 'none'}.`,
    );
  }

  return name;
}
