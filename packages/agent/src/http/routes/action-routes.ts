import { NotFoundError, parseWithZod, type RecordData } from '@platform/datasource-toolkit';
import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import { executeAction } from '../../operations/execute-action';
import { getCollection } from '../../operations/get-collection';
import { loadActionForm } from '../../operations/load-action-form';
import { type GetActionRoute, resolveActionName } from '../actions/action-route';
import { sendActionResult } from '../actions/send-action-result';
import { parseRequiredSelection, parseSelection, selectionSchema } from '../query/parse-selection';
import { RouteContext, type RouteDependencies } from '../route-context';
import { sendJson } from '../send-json';
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
    const { values, ...body } = parseWithZod(executeBodySchema, req.body ?? {}, 'body');
    // A Bulk action needs a selection; a Single action's one id is checked by the operation.
    const isRequired = collection.schema.actions[name]?.scope === 'Bulk';
    const selection = isRequired ? parseRequiredSelection(collection, body) : parseSelection(collection, body);

    await sendActionResult(res, await executeAction(context, { collection, action: name, selection, values }));
  });

  router.post(`${base}/hooks/:hook`, async (req, res) => {
    const { context, collection, name } = resolve(deps, options, req, res);
    const { values, filterBody, metas } = parseHookBody(req.params.hook, req.body ?? {});
    const selection = parseSelection(collection, filterBody);

    const fields = await loadActionForm(context, { collection, action: name, selection, values, metas });

    sendJson(res, 200, { fields });
  });
}

function resolve(deps: RouteDependencies, options: ActionRouteOptions, req: Request, res: Response) {
  const context = RouteContext.create(deps, req, res);
  const collection = getCollection(context, getParam(req, 'collection'));
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
