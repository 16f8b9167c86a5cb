import {
  type Collection,
  Filter,
  NotFoundError,
  Projection,
  parseWithZod,
  type RecordData,
  ValidationError,
} from '@platform/datasource-toolkit';
import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import { type GetActionRoute, resolveActionName } from '../actions/action-route';
import { sendActionResult } from '../actions/send-action-result';
import { parseId } from '../query/parse-id';
import { parseSelection, selectionSchema } from '../query/parse-selection';
import { RouteContext, type RouteDependencies } from '../route-context';
import { findRecord } from './find-record';
import { getParam } from './get-param';

const valuesSchema = z.record(z.string(), z.unknown()).default({});
const executeBodySchema = selectionSchema.extend({ values: valuesSchema });
const loadBodySchema = selectionSchema.extend({ values: valuesSchema.optional() });
const changeBodySchema = selectionSchema.extend({ values: valuesSchema, changedField: z.string().min(1) });
const searchBodySchema = selectionSchema.extend({
  values: valuesSchema,
  searchField: z.string().min(1),
  searchValue: z.string(),
});

export interface ActionRouteOptions {
  readonly useUnsafeActionEndpoint: boolean;
  readonly getActionRoute?: GetActionRoute;
}

/**
 * Actions: `POST /_actions/:collection/:index/:slug` (or `/_actions/:collection/:slug` with the
 * unsafe endpoint) runs the action; `.../hooks/load`, `.../hooks/change` and `.../hooks/search`
 * return its form `{ fields }`.
 */
export function registerActionRoutes(router: Router, deps: RouteDependencies, options: ActionRouteOptions): void {
  const base = options.useUnsafeActionEndpoint ? '/_actions/:collection/:slug' : '/_actions/:collection/:index/:slug';

  router.post(base, async (req, res) => {
    const { context, collection, name } = resolve(deps, options, req, res);
    const body = parseWithZod(executeBodySchema, req.body ?? {}, 'body');
    const filter = await buildActionFilter(context, collection, name, body);
    await context.can('action', collection, { action: name, filter });

    await sendActionResult(res, await collection.execute(context.caller, name, body.values, filter));
  });

  router.post(`${base}/hooks/:hook`, async (req, res) => {
    const { context, collection, name } = resolve(deps, options, req, res);
    const { values, filterBody, metas } = parseHookBody(req.params.hook, req.body ?? {});
    const filter = await buildActionFilter(context, collection, name, filterBody, false);
    await context.can('action', collection, { action: name, filter });

    const fields = await collection.getForm(context.caller, name, values, filter, metas);

    res.json({ fields });
  });
}

function resolve(deps: RouteDependencies, options: ActionRouteOptions, req: Request, res: Response) {
  const context = RouteContext.create(deps, req, res);
  const collection = context.getCollection(getParam(req, 'collection'));
  const index = options.useUnsafeActionEndpoint ? undefined : parseIndex(getParam(req, 'index'));
  const name = resolveActionName(collection, getParam(req, 'slug'), index, options.getActionRoute);

  return { context, collection, name };
}

// A non-numeric index names no action: it is answered like an unknown action (404).
function parseIndex(value: string | undefined): number {
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : -1;
}

type HookBody = {
  values: RecordData | undefined;
  filterBody: z.infer<typeof selectionSchema>;
  metas?: { changedField?: string; searchField?: string; searchValue?: string };
};

function parseHookBody(hook: string | undefined, body: unknown): HookBody {
  switch (hook) {
    case 'load': {
      const { values, ...filterBody } = parseWithZod(loadBodySchema, body, 'body');
      return { values, filterBody };
    }
    case 'change': {
      const { values, changedField, ...filterBody } = parseWithZod(changeBodySchema, body, 'body');
      return { values, filterBody, metas: { changedField } };
    }
    case 'search': {
      const { values, searchField, searchValue, ...filterBody } = parseWithZod(searchBodySchema, body, 'body');
      return { values, filterBody, metas: { searchField, searchValue } };
    }
    default:
      throw new NotFoundError(`Unknown form hook '${String(hook)}': expected load, change or search.`);
  }
}

/**
 * The records an action runs on, within the caller's scope. Single actions take exactly one id,
 * Bulk actions a selection; Global actions run on whatever selection is given, if any.
 */
async function buildActionFilter(
  context: RouteContext,
  collection: Collection,
  name: string,
  body: z.infer<typeof selectionSchema>,
  isExecution = true,
): Promise<Filter> {
  const scope = collection.schema.actions[name]?.scope;
  if (isExecution && scope === 'Single' && (body.allRecords === true || body.ids?.length !== 1)) {
    throw new ValidationError(`Action '${name}' runs on a single record: pass exactly one id in \`ids\`.`);
  }
  const selection = parseSelection(collection, body, isExecution && scope !== 'Global');
  // A Single action names its record: one outside the caller's scope is answered as missing,
  // rather than running the action on an empty selection.
  if (isExecution && scope === 'Single') {
    await findRecord(
      context,
      collection,
      parseId(collection, String(body.ids?.[0])),
      new Projection().withPks(collection),
    );
  }

  return new Filter({ conditionTree: await context.scoped(collection, selection) });
}
