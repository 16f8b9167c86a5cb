import type { Router } from 'express';
import { createExportPageReader } from '../csv/export-pages';
import { streamCsv } from '../csv/stream-csv';
import { parseListQuery } from '../query/parse-list-query';
import { parseProjection } from '../query/parse-projection';
import { parseListRequest } from '../query/parsed-list-request';
import { RouteContext, type RouteDependencies } from '../route-context';
import { countRecords } from './count-records';
import { buildListFilter } from './list-filter';

/**
 * Reads of a whole collection, the paths of a single segment: `GET /:collection` (list) and
 * `GET /:collection.csv` (streamed export). No other route of the agent matches a single segment
 * with GET (but `/`, the healthcheck), so they are registered first, ahead of the routes the hot
 * list request would otherwise be matched against one by one.
 */
export function registerCollectionRoutes(router: Router, deps: RouteDependencies): void {
  router.get('/:collection.csv', async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const collection = context.getCollection(req.params.collection);
    const projection = parseProjection(collection, context.query);
    const filter = await buildListFilter(context, collection, parseListQuery(collection, context.query));
    await context.can('export', collection, { filter });

    await streamCsv(res, {
      filename: `${collection.name}.csv`,
      projection,
      escapeFormulae: deps.csv.escapeFormulae,
      fetchPage: createExportPageReader(collection, context.caller, filter, projection),
    });
  });

  router.get('/:collection', async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const collection = context.getCollection(req.params.collection);
    const { projection, query } = parseListRequest(collection, context.queryString, context.query);
    const filter = await buildListFilter(context, collection, query);
    await context.can('browse', collection, { filter });

    const records = await collection.list(context.caller, filter, projection);
    const pageSize = query.page.limit ?? records.length;

    res.json({ data: records, meta: { page: { number: query.page.skip / pageSize + 1, size: pageSize } } });
  });
}

/**
 * `GET /:collection/count`. Registered after the chart routes, which it would otherwise shadow
 * (`GET /_charts/count` is the chart named `count`).
 */
export function registerCollectionCountRoute(router: Router, deps: RouteDependencies): void {
  router.get('/:collection/count', async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const collection = context.getCollection(req.params.collection);
    const filter = await buildListFilter(context, collection, parseListQuery(collection, context.query));
    await context.can('browse', collection, { filter });

    res.json(await countRecords(context, collection, filter));
  });
}
