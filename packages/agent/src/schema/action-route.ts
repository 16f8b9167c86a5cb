import type { DataSource } from '@platform/datasource-toolkit';

/** Where an action is served: its position among its collection's actions and its slug. */
export interface ActionRoute {
  readonly index: number;
  readonly slug: string;
}

/** Two actions of one collection resolve to the same route (only with `useUnsafeActionEndpoint`). */
export class ActionRouteClashError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ActionRouteClashError';
  }
}

/** `Mark as live!` → `mark-as-live`: lower case ASCII letters and digits joined by dashes. */
export function toActionSlug(actionName: string): string {
  const slug = actionName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

  return slug === '' ? 'action' : slug;
}

/**
 * The action's route, relative to the agent's prefix: `/_actions/{collection}/{index}/{slug}`, or
 * `/_actions/{collection}/{slug}` with `useUnsafeActionEndpoint` (spec agent-library §4.2).
 */
export function formatActionPath(collectionName: string, route: ActionRoute, useUnsafeActionEndpoint: boolean): string {
  const collection = encodeURIComponent(collectionName);
  return useUnsafeActionEndpoint
    ? `/_actions/${collection}/${route.slug}`
    : `/_actions/${collection}/${route.index}/${route.slug}`;
}

/**
 * The routes of every action of the data source, by collection then action name. The index is
 * the action's position in its collection's schema, i.e. the order actions were added.
 * @throws ActionRouteClashError with `useUnsafeActionEndpoint`, when two actions of one
 *   collection share a slug (spec agent-library §7.1); the message names both.
 */
export function resolveActionRoutes(
  dataSource: DataSource,
  useUnsafeActionEndpoint: boolean,
): ReadonlyMap<string, ReadonlyMap<string, ActionRoute>> {
  const routes = new Map<string, ReadonlyMap<string, ActionRoute>>();
  for (const collection of dataSource.collections) {
    const byAction = new Map<string, ActionRoute>();
    const bySlug = new Map<string, string>();
    for (const [index, name] of Object.keys(collection.schema.actions).entries()) {
      const route = { index, slug: toActionSlug(name) };
      const clash = bySlug.get(route.slug);
      if (useUnsafeActionEndpoint && clash !== undefined) {
        const path = formatActionPath(collection.name, route, true);
        throw new ActionRouteClashError(
          `Actions '${clash}' and '${name}' of collection '${collection.name}' both resolve to the route ${path}. ` +
            'With useUnsafeActionEndpoint, routes have no index to tell them apart: rename one of them, or turn useUnsafeActionEndpoint off.',
        );
      }
      bySlug.set(route.slug, name);
      byAction.set(name, route);
    }
    routes.set(collection.name, byAction);
  }

  return routes;
}
