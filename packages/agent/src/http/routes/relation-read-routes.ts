import type { Router } from 'express';
import { createExportPageReader } from '../csv/export-pages';
import { streamCsv } from '../csv/stream-csv';
import { parseListQuery } from '../query/parse-list-query';
import { parseProjection } from '../query/parse-projection';
import { RouteContext, type RouteDependencies } from '../route-context';
import { countRecords } from './count-records';
import { buildListFilter } from './list-filter';
import { assertToMany, buildForeignFilter, resolveRelation } from './relation-context';

/**
 * Reads of a to-many relation of one record: `GET /:collection/:id/relationships/:relation`
 * (list), `.../count` and `.../:relation.csv`. Query parameters apply to the foreign collection.
 */
export function registerRelationReadRoutes(router: Router, deps: RouteDependencies): void {
  router.get('/:collection/:id/relationships/:relation.csv', async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const target = assertToMany(resolveRelation(context, req.params));
    const projection = parseProjection(target.foreign, context.query);
    const base = await buildListFilter(context, target.foreign, parseListQuery(target.foreign, context.query));
    const filter = await buildForeignFilter(context, target, base);
    await context.can('export', target.foreign, { filter });

    await streamCsv(res, {
      filename: `${target.collection.name}-${target.relationName}.csv`,
      escapeFormulae: deps.csv.escapeFormulae,
      projection,
      fetchPage: createExportPageReader(target.foreign, context.caller, filter, projection),
    });
  });

  router.get('/:collection/:id/relationships/:relation/count', async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const target = assertToMany(resolveRelation(context, req.params));
    const base = await buildListFilter(context, target.foreign, parseListQuery(target.foreign, context.query));
    const filter = await buildForeignFilter(context, target, base);
    await context.can('browse', target.foreign, { filter });

    res.json(await countRecords(context, target.foreign, filter));
  });

  router.get('/:collection/:id/relationships/:relation', async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const target = assertToMany(resolveRelation(context, req.params));
    const projection = parseProjection(target.foreign, context.query).withPks(target.foreign);
    const query = parseListQuery(target.foreign, context.query);
    const filter = await buildForeignFilter(context, target, await buildListFilter(context, target.foreign, query));
    await context.can('browse', target.foreign, { filter });

    const records = await target.foreign.list(context.caller, filter, projection);
    const pageSize = query.page.limit ?? records.length;

    res.json({ data: records, meta: { page: { number: query.page.skip / pageSize + 1, size: pageSize } } });
  });
}
