import { parseWithZod } from '@platform/datasource-toolkit';
import type { Router } from 'express';
import { z } from 'zod';
import { associateRecords } from '../../operations/associate-records';
import { dissociateRecords } from '../../operations/dissociate-records';
import { parseIds } from '../../operations/parse-id';
import { assertToMany, resolveRelation } from '../../operations/relation-target';
import { updateToOneRelation } from '../../operations/update-to-one-relation';
import { parseRequiredSelection, selectionSchema } from '../query/parse-selection';
import { RouteContext, type RouteDependencies } from '../route-context';

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

    await associateRecords(context, { target, ids });

    res.status(204).end();
  });

  router.delete('/:collection/:id/relationships/:relation', async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const target = assertToMany(resolveRelation(context, req.params));
    const isDelete = parseWithZod(dissociateQuerySchema, Object.fromEntries(context.query), 'query').delete === 'true';
    const body = parseWithZod(selectionSchema, req.body ?? {}, 'body');
    const selection = parseRequiredSelection(target.foreign, body);

    await dissociateRecords(context, { target, selection, isDelete });

    res.status(204).end();
  });

  router.put('/:collection/:id/relationships/:relation', async (req, res) => {
    const context = RouteContext.create(deps, req, res);
    const target = resolveRelation(context, req.params);
    const { id } = parseWithZod(toOneBodySchema, req.body ?? {}, 'body');

    await updateToOneRelation(context, { target, packedId: id });

    res.status(204).end();
  });
}
