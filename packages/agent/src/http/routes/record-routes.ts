import { parseWithZod } from '@platform/datasource-toolkit';
import type { Router } from 'express';
import { z } from 'zod';
import { createRecord } from '../../operations/create-record';
import { deleteRecord } from '../../operations/delete-record';
import { deleteRecords } from '../../operations/delete-records';
import { getCollection } from '../../operations/get-collection';
import { getRecord } from '../../operations/get-record';
import { parseId } from '../../operations/parse-id';
import { updateRecord } from '../../operations/update-record';
import { parseProjection } from '../query/parse-projection';
import { parseRequiredSelection, selectionSchema } from '../query/parse-selection';
import { parseRecordProjection } from '../query/parsed-record-projection';
import { RouteContext, type RouteDependencies } from '../route-context';
import { sendJson } from '../send-json';

const recordBodySchema = z.object({ data: z.record(z.string(), z.unknown()) });

/**
 * One record, and bulk deletion: `GET`, `PUT`, `DELETE /:collection/:id`, `POST /:collection`,
 * `DELETE /:collection` (body: a selection).
 */
export function registerRecordRoutes(router: Router, deps: RouteDependencies): void {
  router.get('/:collection/:id', async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const collection = getCollection(context, req.params.collection);
    const id = parseId(collection, req.params.id);
    const projection = parseRecordProjection(collection, context.queryString, context.query);

    sendJson(res, 200, { data: await getRecord(context, { collection, id, projection }) });
  });

  router.post('/:collection', async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const collection = getCollection(context, req.params.collection);
    const { data } = parseWithZod(recordBodySchema, req.body, 'body');

    sendJson(res, 201, { data: await createRecord(context, { collection, values: data }) });
  });

  router.put('/:collection/:id', async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const collection = getCollection(context, req.params.collection);
    const id = parseId(collection, req.params.id);
    const { data } = parseWithZod(recordBodySchema, req.body, 'body');
    const projection = parseProjection(collection, context.query).withPks(collection);

    sendJson(res, 200, { data: await updateRecord(context, { collection, id, values: data, projection }) });
  });

  router.delete('/:collection/:id', async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const collection = getCollection(context, req.params.collection);
    const id = parseId(collection, req.params.id);

    await deleteRecord(context, { collection, id });

    res.status(204).end();
  });

  router.delete('/:collection', async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const collection = getCollection(context, req.params.collection);
    const body = parseWithZod(selectionSchema, req.body ?? {}, 'body');
    const selection = parseRequiredSelection(collection, body);

    await deleteRecords(context, { collection, selection });

    res.status(204).end();
  });
}
