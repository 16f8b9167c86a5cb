import type { Router } from 'express';
import { countRecords } from '../../operations/count-records';
import { getCollection } from '../../operations/get-collection';
import { listRecords } from '../../operations/list-records';
import { prepareExport } from '../../operations/prepare-export';
import { createExportPageReader } from '../csv/export-pages';
import { streamCsv } from '../csv/stream-csv';
import { parseListQuery } from '../query/parse-list-query';
import { parseProjection } from '../query/parse-projection';
import { parseListRequest } from '../query/parsed-list-request';
import { RouteContext, type RouteDependencies } from '../route-context';
import { sendJson } from '../send-json';

/**
 * Reads of a whole collection, the paths of a single segment: `GET /:collection` (list) and
 * `GET /:collection.csv` (streamed export). No other route of the agent matches a single segment
 * with GET (but `/`, the healthcheck), so they are registered first, ahead of the routes the hot
 * list request would otherwise be matched against one by one.
 */
export function registerCollectionRoutes(router: Router, deps: RouteDependencies): void {
  router.get('/:collection.csv', async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const collection = getCollection(context, req.params.collection);
    const projection = parseProjection(collection, context.query);
    const filter = await prepareExport(context, { collection, query: parseListQuery(collection, context.query) });

    await streamCsv(res, {
      filename: `${collection.name}.csv`,
      projection,
      escapeFormulae: deps.csv.escapeFormulae,
      fetchPage: createExportPageReader(collection, context.caller, filter, projection),
    });
  });

  router.get('/:collection', async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const collection = getCollection(context, req.params.collection);
    const { projection, query } = parseListRequest(collection, context.queryString, context.query);

    const { records } = await listRecords(context, { collection, query, projection });
    const pageSize = query.page.limit ?? records.length;

    sendJson(res, 200, { data: records, meta: { page: { number: query.page.skip / pageSize + 1, size: pageSize } } });
  });
}

/**
 * `GET /:collection/count`. Registered after the chart routes, which it would otherwise shadow
 * (`GET /_charts/count` is the chart named `count`).
 */
export function registerCollectionCountRoute(router: Router, deps: RouteDependencies): void {
  router.get('/:collection/count', async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const collection = getCollection(context, req.params.collection);

    const count = await countRecords(context, { collection, query: parseListQuery(collection, context.query) });

    sendJson(res, 200, { meta: { count: count ?? 'deactivated' } });
  });
}
