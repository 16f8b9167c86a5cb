import {
  ConditionTreeFactory,
  ConditionTreeLeaf,
  Filter,
  FilterFactory,
  getCompositeId,
  NotFoundError,
  PaginatedFilter,
  Projection,
  parseWithZod,
  ValidationError,
} from '@platform/datasource-toolkit';
import type { Router } from 'express';
import { z } from 'zod';
import { parseId, parseIds } from '../query/parse-id';
import { parseSelection, selectionSchema } from '../query/parse-selection';
import { RouteContext, type RouteDependencies } from '../route-context';
import { findRecord } from './find-record';
import { assertToMany, findParent, type RelationTarget, resolveRelation } from './relation-context';
import { referencedValue } from './resolve-references';

const packedId = z.union([z.string(), z.number()]);
const associateBodySchema = z.object({ ids: z.array(packedId).min(1) });
const toOneBodySchema = z.object({ id: packedId.nullable() });
const dissociateQuerySchema = z.object({ delete: z.enum(['true', 'false']).optional() });

/**
 * Writes of relations: associate (`POST .../relationships/:relation`, body `{ ids }`), dissociate
 * (`DELETE`, body: a selection; `?delete=true` deletes the records instead) and to-one update
 * (`PUT`, body `{ id }`, null to unlink).
 */
export function registerRelationWriteRoutes(router: Router, deps: RouteDependencies): void {
  router.post('/:collection/:id/relationships/:relation', async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const target = assertToMany(resolveRelation(context, req.params));
    const ids = parseIds(target.foreign, parseWithZod(associateBodySchema, req.body ?? {}, 'body').ids);
    await context.can('edit', target.collection);
    const { relation, foreign } = target;
    const parent = await findParent(context, target, relation.originKeyTarget);
    const linkField = relation.type === 'OneToMany' ? undefined : relation.foreignKeyTarget;
    const foreignFilter = new PaginatedFilter({
      conditionTree: await context.scoped(foreign, ConditionTreeFactory.matchIds(foreign.schema, ids)),
    });
    const records = await foreign.list(
      context.caller,
      foreignFilter,
      new Projection(...(linkField ? [linkField] : [])).withPks(foreign),
    );
    assertAllFound(foreign.name, ids.length, records.length);

    if (relation.type === 'OneToMany') {
      await foreign.update(context.caller, foreignFilter, { [relation.originKey]: parent[relation.originKeyTarget] });
    } else {
      const through = context.getCollection(relation.throughCollection);
      const links = records.map((record) => ({
        [relation.originKey]: parent[relation.originKeyTarget],
        [relation.foreignKey]: record[relation.foreignKeyTarget],
      }));
      await through.create(context.caller, links);
    }

    res.status(204).end();
  });

  router.delete('/:collection/:id/relationships/:relation', async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const target = assertToMany(resolveRelation(context, req.params));
    const isDelete = parseWithZod(dissociateQuerySchema, Object.fromEntries(context.query), 'query').delete === 'true';
    const selection = parseSelection(target.foreign, parseWithZod(selectionSchema, req.body ?? {}, 'body'), true);
    await (isDelete ? context.can('delete', target.foreign) : context.can('edit', target.collection));
    await findParent(context, target, target.relation.originKeyTarget);
    const base = new PaginatedFilter({ conditionTree: await context.scoped(target.foreign, selection) });
    const { caller } = context;
    const { relation, foreign } = target;
    const foreignFilter = await FilterFactory.makeForeignFilter(
      caller,
      target.collection,
      target.id,
      target.relationName,
      base,
    );

    if (relation.type === 'OneToMany') {
      if (isDelete) await foreign.delete(caller, foreignFilter);
      else await foreign.update(caller, foreignFilter, { [relation.originKey]: null });
    } else {
      // Read the linked records before unlinking them: once the links are gone they cannot be found.
      const linked = isDelete ? await foreign.list(caller, foreignFilter, new Projection().withPks(foreign)) : [];
      const throughFilter = await FilterFactory.makeThroughFilter(
        caller,
        target.collection,
        target.id,
        target.relationName,
        base,
      );
      await context.getCollection(relation.throughCollection).delete(caller, throughFilter);
      if (isDelete && linked.length > 0) {
        const ids = linked.map((record) => getCompositeId(foreign.schema, record));
        const conditionTree = await context.scoped(foreign, ConditionTreeFactory.matchIds(foreign.schema, ids));
        await foreign.delete(caller, new Filter({ conditionTree }));
      }
    }

    res.status(204).end();
  });

  router.put('/:collection/:id/relationships/:relation', async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const target = resolveRelation(context, req.params);
    const { id } = parseWithZod(toOneBodySchema, req.body ?? {}, 'body');
    await context.can('edit', target.collection);

    await updateToOne(context, target, id);

    res.status(204).end();
  });
}

async function updateToOne(
  context: RouteContext,
  target: RelationTarget,
  packedId: string | number | null,
): Promise<void> {
  const { relation, foreign, collection, caller } = { ...target, caller: context.caller };
  const foreignId = packedId === null ? null : parseId(foreign, packedId);
  if (foreignId !== null) await findRecord(context, foreign, foreignId, new Projection().withPks(foreign));

  if (relation.type === 'ManyToOne') {
    await findParent(context, target, relation.foreignKey);
    const value = await referencedValue(context, collection, target.relationName, packedId);
    const conditionTree = await context.scoped(
      collection,
      ConditionTreeFactory.matchIds(collection.schema, [target.id]),
    );
    await collection.update(caller, new Filter({ conditionTree }), { [relation.foreignKey]: value });
  } else if (relation.type === 'OneToOne') {
    const parent = await findParent(context, target, relation.originKeyTarget);
    const originValue = parent[relation.originKeyTarget];
    const linkedTree = new ConditionTreeLeaf(relation.originKey, 'Equal', originValue);
    await foreign.update(caller, new Filter({ conditionTree: await context.scoped(foreign, linkedTree) }), {
      [relation.originKey]: null,
    });
    if (foreignId !== null) {
      const conditionTree = await context.scoped(foreign, ConditionTreeFactory.matchIds(foreign.schema, [foreignId]));
      await foreign.update(caller, new Filter({ conditionTree }), { [relation.originKey]: originValue });
    }
  } else {
    throw new ValidationError(
      `'${collection.name}.${target.relationName}' is a ${relation.type} relation: PUT changes ManyToOne and ` +
        'OneToOne relations; use POST (associate) or DELETE (dissociate) for to-many relations.',
    );
  }
}

function assertAllFound(collection: string, expected: number, found: number): void {
  if (found < expected) {
    throw new NotFoundError(`${expected - found} of the ${expected} record(s) of '${collection}' do not exist.`);
  }
}
