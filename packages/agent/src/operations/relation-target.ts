import {
  type Collection,
  type CompositeId,
  FilterFactory,
  type ManyToManySchema,
  NotFoundError,
  type OneToManySchema,
  type PaginatedFilter,
  Projection,
  type RecordData,
  type RelationSchema,
  ValidationError,
} from '@platform/datasource-toolkit';
import { findRecord } from './find-record';
import { getCollection } from './get-collection';
import type { OperationContext } from './operation-context';
import { parseId } from './parse-id';

/** One record and a relation of its collection: what relation reads and writes act on. */
export interface RelationTarget<R extends RelationSchema = RelationSchema> {
  readonly collection: Collection;
  readonly id: CompositeId;
  readonly relationName: string;
  readonly relation: R;
  readonly foreign: Collection;
}

/** A relation target whose relation is OneToMany or ManyToMany. */
export type ToManyTarget = RelationTarget<OneToManySchema | ManyToManySchema>;

/**
 * The relation `relation` of the record `id` (packed) of `collection`.
 * @throws NotFoundError for an unknown collection or relation (listing the relations that exist);
 *   ValidationError for a bad id.
 */
export function resolveRelation(
  context: OperationContext,
  names: { readonly collection?: string; readonly id?: unknown; readonly relation?: string },
): RelationTarget {
  const collection = getCollection(context, names.collection);
  const id = parseId(collection, names.id);
  const relationName = names.relation ?? '';
  const relation = collection.schema.fields[relationName];
  if (relation === undefined || relation.type === 'Column') {
    const relations = Object.entries(collection.schema.fields)
      .filter(([, field]) => field.type !== 'Column')
      .map(([name]) => name);
    throw new NotFoundError(
      `Relation '${relationName}' does not exist on '${collection.name}'. Relations: ${relations.join(', ') || 'none'}.`,
    );
  }

  return { collection, id, relationName, relation, foreign: getCollection(context, relation.foreignCollection) };
}

/** @throws ValidationError when the relation is not OneToMany or ManyToMany. */
export function assertToMany(target: RelationTarget): ToManyTarget {
  const { relation } = target;
  if (relation.type === 'OneToMany' || relation.type === 'ManyToMany') return target as ToManyTarget;

  throw new ValidationError(
    `'${target.collection.name}.${target.relationName}' is a ${relation.type} relation: this takes a ` +
      'OneToMany or ManyToMany relation (a to-one relation is changed by updating the record).',
  );
}

/**
 * The parent record, checked to be visible, with the field the relation links through.
 * @throws NotFoundError when the parent record is not visible to the caller.
 */
export async function findParent(
  context: OperationContext,
  target: RelationTarget,
  field: string,
): Promise<RecordData> {
  return findRecord(context, target.collection, target.id, new Projection(field).withPks(target.collection));
}

/**
 * The filter of the foreign records linked to the parent record, within `base`, which already holds
 * the caller's scope on the foreign collection (`buildListFilter`). The parent must be visible to the caller.
 * @throws NotFoundError when the parent record is not visible to the caller.
 */
export async function buildForeignFilter(
  context: OperationContext,
  target: ToManyTarget,
  base: PaginatedFilter,
): Promise<PaginatedFilter> {
  await findParent(context, target, target.relation.originKeyTarget);

  return FilterFactory.makeForeignFilter(context.caller, target.collection, target.id, target.relationName, base);
}
