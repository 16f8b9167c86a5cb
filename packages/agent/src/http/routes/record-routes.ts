import { ConditionTreeFactory, Filter, Projection, parseWithZod, RecordValidator } from '@platform/datasource-toolkit';
import type { Router } from 'express';
import { z } from 'zod';
import { parseId } from '../query/parse-id';
import { parseProjection } from '../query/parse-projection';
import { parseSelection, selectionSchema } from '../query/parse-selection';
import { RouteContext, type RouteDependencies } from '../route-context';
import { findRecord } from './find-record';
import { resolveReferences } from './resolve-references';

const recordBodySchema = z.object({ data: z.record(z.string(), z.unknown()) });

/**
 * One record, and bulk deletion: `GET`, `PUT`, `DELETE /:collection/:id`, `POST /:collection`,
 * `DELETE /:collection` (body: a selection).
 */
export function registerRecordRoutes(router: Router, deps: RouteDependencies): void {
  router.get('/:collection/:id', async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const collection = context.getCollection(req.params.collection);
    const id = parseId(collection, req.params.id);
    const projection = parseProjection(collection, context.query).withPks(collection);
    await context.can('read', collection, { recordIds: [req.params.id] });

    res.json({ data: await findRecord(context, collection, id, projection) });
  });

  router.post('/:collection', async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const collection = context.getCollection(req.params.collection);
    const { data } = parseWithZod(recordBodySchema, req.body, 'body');
    await context.can('add', collection);
    const record = await resolveReferences(context, collection, data);
    RecordValidator.validate(collection, record);

    const [created] = await collection.create(context.caller, [record]);

    res.status(201).json({ data: created ?? null });
  });

  router.put('/:collection/:id', async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const collection = context.getCollection(req.params.collection);
    const id = parseId(collection, req.params.id);
    const { data } = parseWithZod(recordBodySchema, req.body, 'body');
    await context.can('edit', collection, { recordIds: [req.params.id] });
    const patch = await resolveReferences(context, collection, data);
    RecordValidator.patch(collection, patch);
    const pks = new Projection().withPks(collection);
    await findRecord(context, collection, id, pks);

    const conditionTree = await context.scoped(collection, ConditionTreeFactory.matchIds(collection.schema, [id]));
    await collection.update(context.caller, new Filter({ conditionTree }), patch);

    // The patch may change the primary key: read the record back through its new id when it does.
    const newId = pks.map((pk, index) =>
      pk in patch ? (patch[pk] as string | number) : (id[index] as string | number),
    );
    const projection = parseProjection(collection, context.query).withPks(collection);
    res.json({ data: await findRecord(context, collection, newId, projection) });
  });

  router.delete('/:collection/:id', async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const collection = context.getCollection(req.params.collection);
    const id = parseId(collection, req.params.id);
    await context.can('delete', collection, { recordIds: [req.params.id] });
    await findRecord(context, collection, id, new Projection().withPks(collection));

    const conditionTree = await context.scoped(collection, ConditionTreeFactory.matchIds(collection.schema, [id]));
    await collection.delete(context.caller, new Filter({ conditionTree }));

    res.status(204).end();
  });

  router.delete('/:collection', async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const collection = context.getCollection(req.params.collection);
    const body = parseWithZod(selectionSchema, req.body ?? {}, 'body');
    const selection = parseSelection(collection, body, true);
    const filter = new Filter({ conditionTree: await context.scoped(collection, selection) });
    const recordIds = body.allRecords === true ? undefined : body.ids?.map(String);
    await context.can('delete', collection, { filter, recordIds });

    await collection.delete(context.caller, filter);

    res.status(204).end();
  });
}
