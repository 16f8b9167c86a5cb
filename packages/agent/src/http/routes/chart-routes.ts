import { NotFoundError, ValidationError } from '@platform/datasource-toolkit';
import type { Request, RequestHandler, Router } from 'express';
import { authorize } from '../../operations/authorize';
import { getCollection } from '../../operations/get-collection';
import { parseId } from '../../operations/parse-id';
import { RouteContext, type RouteDependencies } from '../route-context';
import { sendJson } from '../send-json';
import { getParam } from './get-param';

/**
 * Charts, by GET or POST: `/_charts/:collection/:chart?recordId=<packed id>` renders a collection
 * chart for one record; `/_charts/:chart` renders a data-source chart. Body: `{ data: Chart }`.
 */
export function registerChartRoutes(router: Router, deps: RouteDependencies): void {
  const renderCollectionChart: RequestHandler = async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const collection = getCollection(context, getParam(req, 'collection'));
    const chart = getParam(req, 'chart');
    if (!collection.schema.charts.includes(chart)) {
      throw new NotFoundError(
        `Chart '${chart}' does not exist on '${collection.name}'. Charts: ${collection.schema.charts.join(', ') || 'none'}.`,
      );
    }
    const recordId = readRecordId(req, context);
    if (recordId === undefined) throw new ValidationError(`Chart '${chart}' needs the record: pass ?recordId=<id>.`);
    const id = parseId(collection, recordId);
    await authorize(context, 'chart', collection, { chart });

    sendJson(res, 200, { data: await collection.renderChart(context.caller, chart, id) });
  };

  const renderDataSourceChart: RequestHandler = async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const chart = getParam(req, 'chart');
    const charts = context.dataSource.schema.charts;
    if (!charts.includes(chart)) {
      throw new NotFoundError(`Chart '${chart}' does not exist. Charts: ${charts.join(', ') || 'none'}.`);
    }
    // Data-source charts belong to no collection: the permission is asked with an empty name.
    await authorize(context, 'chart', '', { chart });

    sendJson(res, 200, { data: await context.dataSource.renderChart(context.caller, chart) });
  };

  router.get('/_charts/:collection/:chart', renderCollectionChart);
  router.post('/_charts/:collection/:chart', renderCollectionChart);
  router.get('/_charts/:chart', renderDataSourceChart);
  router.post('/_charts/:chart', renderDataSourceChart);
}

function readRecordId(req: Request, context: RouteContext): unknown {
  const fromQuery = context.query.get('recordId');
  if (fromQuery !== undefined) return fromQuery;
  const body: unknown = req.body;

  return typeof body === 'object' && body !== null ? (body as { recordId?: unknown }).recordId : undefined;
}
