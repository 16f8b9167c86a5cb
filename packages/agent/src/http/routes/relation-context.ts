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
import { parseId } from '../query/parse-id';
import type { RouteContext } from '../route-context';
import { findRecord } from './find-record';

/** The parent record of a relation route and the relation it names. */
export interface RelationTarget<R extends RelationSchema = RelationSchema> {
  readonly collection: Collection;
  readonly id: CompositeId;
  readonly relationName: string;
  readonly relation: R;
  readonly foreign: Collection;
}

/**
 * Resolves `/:collection/:id/relationships/:relation`.
 * @throws NotFoundError for an unknown collection or relation; ValidationError for a bad id.
 */
export function resolveRelation(
  context: RouteContext,
  params: { collection?: string; id?: string; relation?: string },
): RelationTarget {
  const collection = context.getCollection(params.collection);
  const id = parseId(collection, params.id);
  const relationName = params.relation ?? '';
  const relation = collection.schema.fields[relationName];
  if (relation === undefined || relation.type === 'Column') {
    const relations = Object.entries(collection.schema.fields)
      .filter(([, field]) => field.type !== 'Column')
      .map(([name]) => name);
    throw new NotFoundError(
      `Relation '${relationName}' does not exist on '${collection.name}'. Relations: ${relations.join(', ') || 'none'}.`,
    );
  }

  return { collection, id, relationName, relation, foreign: context.getCollection(relation.foreignCollection) };
}

/** @throws ValidationError when the relation is not OneToMany or ManyToMany. */
export function assertToMany(target: RelationTarget): RelationTarget<OneToManySchema | ManyToManySchema> {
  const { relation } = target;
  if (relation.type === 'OneToMany' || relation.type === 'ManyToMany') {
    return target as RelationTarget<OneToManySchema | ManyToManySchema>;
  }

  throw new ValidationError(
    `'${target.collection.name}.${target.relationName}' is a ${relation.type} relation: this route takes a ` +
      'OneToMany or ManyToMany relation (use PUT to change a to-one relation).',
  );
}

/**
 * The parent record, checked to be visible, with the field the relation links through.
 * @throws NotFoundError when the parent record is not visible to the caller.
 */
export async function findParent(context: RouteContext, target: RelationTarget, field: string): Promise<RecordData> {
  return findRecord(context, target.collection, target.id, new Projection(field).withPks(target.collection));
}

/**
 * The filter of the foreign records linked to the parent record, within `base`, which already holds
 * the caller's scope on the foreign collection (`buildListFilter`). The parent must be visible to the caller.
 */
export async function buildForeignFilter(
  context: RouteContext,
  target: RelationTarget<OneToManySchema | ManyToManySchema>,
  base: PaginatedFilter,
): Promise<PaginatedFilter> {
  await findParent(context, target, target.relation.originKeyTarget);

  return FilterFactory.makeForeignFilter(context.caller, target.collection, target.id, target.relationName, base);
}
