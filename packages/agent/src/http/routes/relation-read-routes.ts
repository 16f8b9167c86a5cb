import type { Router } from 'express';
import { countRelated } from '../../operations/count-related';
import { listRelated } from '../../operations/list-related';
import { prepareRelatedExport } from '../../operations/prepare-export';
import { assertToMany, resolveRelation } from '../../operations/relation-target';
import { createExportPageReader } from '../csv/export-pages';
import { streamCsv } from '../csv/stream-csv';
import { parseListQuery } from '../query/parse-list-query';
import { parseProjection } from '../query/parse-projection';
import { RouteContext, type RouteDependencies } from '../route-context';
import { sendJson } from '../send-json';

/**
 * Reads of a to-many relation of one record: `GET /:collection/:id/relationships/:relation`
 * (list), `.../count` and `.../:relation.csv`. Query parameters apply to the foreign collection.
 */
export function registerRelationReadRoutes(router: Router, deps: RouteDependencies): void {
  router.get('/:collection/:id/relationships/:relation.csv', async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const target = assertToMany(resolveRelation(context, req.params));
    const projection = parseProjection(target.foreign, context.query);
    const query = parseListQuery(target.foreign, context.query);
    const filter = await prepareRelatedExport(context, { target, query });

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

    const count = await countRelated(context, { target, query: parseListQuery(target.foreign, context.query) });

    sendJson(res, 200, { meta: { count: count ?? 'deactivated' } });
  });

  router.get('/:collection/:id/relationships/:relation', async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const target = assertToMany(resolveRelation(context, req.params));
    const projection = parseProjection(target.foreign, context.query).withPks(target.foreign);
    const query = parseListQuery(target.foreign, context.query);

    const { records } = await listRelated(context, { target, query, projection });
    const pageSize = query.page.limit ?? records.length;

    sendJson(res, 200, { data: records, meta: { page: { number: query.page.skip / pageSize + 1, size: pageSize } } });
  });
}
