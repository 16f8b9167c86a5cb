import type { Caller } from '../../caller';
import type { Collection } from '../../contracts/collection';
import { NotFoundError, ValidationError } from '../../errors/errors';
import { getPrimaryKeys } from '../../records/packed-id';
import type { CompositeId } from '../../records/record';
import type { ManyToManySchema, OneToManySchema } from '../../schema/collection-schema';
import { ConditionTreeFactory } from '../condition-tree/condition-tree-factory';
import { ConditionTreeLeaf } from '../condition-tree/condition-tree-leaf';
import { Projection } from '../projection';
import { PaginatedFilter } from './paginated-filter';

/** Builds the filters of relation routes: the records a to-many relation links to one record. */
export class FilterFactory {
  /**
   * The filter of the foreign collection of `relationName` that keeps, within `baseFilter`, the
   * records linked to the record `id` of `collection`.
   * @throws ValidationError when `relationName` is not a OneToMany or ManyToMany relation.
   *
   * @example FilterFactory.makeForeignFilter(caller, authors, [1], 'books', new PaginatedFilter())
   */
  static async makeForeignFilter(
    caller: Caller,
    collection: Collection,
    id: CompositeId,
    relationName: string,
    baseFilter: PaginatedFilter,
  ): Promise<PaginatedFilter> {
    const relation = getToManyRelation(collection, relationName);
    const originValue = await getValue(caller, collection, id, relation.originKeyTarget);
    let originTree: ConditionTreeLeaf;
    if (relation.type === 'OneToMany') {
      originTree = new ConditionTreeLeaf(relation.originKey, 'Equal', originValue);
    } else {
      const through = collection.dataSource.getCollection(relation.throughCollection);
      const links = await through.list(
        caller,
        new PaginatedFilter({ conditionTree: new ConditionTreeLeaf(relation.originKey, 'Equal', originValue) }),
        new Projection(relation.foreignKey),
      );
      const foreignValues = [...new Set(links.map((link) => link[relation.foreignKey]))].filter((v) => v != null);
      originTree = new ConditionTreeLeaf(relation.foreignKeyTarget, 'In', foreignValues);
    }

    return baseFilter.override({ conditionTree: ConditionTreeFactory.intersect(baseFilter.conditionTree, originTree) });
  }

  /**
   * The filter of the through collection of ManyToMany `relationName` that matches the links
   * between the record `id` of `collection` and the foreign records within `baseForeignFilter`
   * (to dissociate them, for instance).
   * @throws ValidationError when `relationName` is not a ManyToMany relation.
   */
  static async makeThroughFilter(
    caller: Caller,
    collection: Collection,
    id: CompositeId,
    relationName: string,
    baseForeignFilter: PaginatedFilter,
  ): Promise<PaginatedFilter> {
    const relation = getToManyRelation(collection, relationName);
    if (relation.type !== 'ManyToMany') {
      throw new ValidationError(`'${collection.name}.${relationName}' is a ${relation.type} relation, not ManyToMany.`);
    }
    const originValue = await getValue(caller, collection, id, relation.originKeyTarget);
    const foreign = collection.dataSource.getCollection(relation.foreignCollection);
    const foreignFilter = await FilterFactory.makeForeignFilter(
      caller,
      collection,
      id,
      relationName,
      baseForeignFilter,
    );
    const records = await foreign.list(caller, foreignFilter, new Projection(relation.foreignKeyTarget));

    return new PaginatedFilter({
      conditionTree: ConditionTreeFactory.intersect(
        new ConditionTreeLeaf(relation.originKey, 'Equal', originValue),
        new ConditionTreeLeaf(
          relation.foreignKey,
          'In',
          records.map((record) => record[relation.foreignKeyTarget]),
        ),
      ),
    });
  }
}

function getToManyRelation(collection: Collection, name: string): OneToManySchema | ManyToManySchema {
  const field = collection.schema.fields[name];
  if (field?.type === 'OneToMany' || field?.type === 'ManyToMany') return field;
  const toMany = Object.entries(collection.schema.fields)
    .filter(([, schema]) => schema.type === 'OneToMany' || schema.type === 'ManyToMany')
    .map(([fieldName]) => fieldName);
  throw new ValidationError(
    `'${collection.name}.${name}' is not a to-many relation. To-many relations: ${toMany.join(', ') || 'none'}.`,
  );
}

/** The value of `field` in the record `id`, read from the id when it is a primary key. */
async function getValue(caller: Caller, collection: Collection, id: CompositeId, field: string): Promise<unknown> {
  const index = getPrimaryKeys(collection.schema).indexOf(field);
  if (index !== -1) return id[index];

  const [record] = await collection.list(
    caller,
    new PaginatedFilter({ conditionTree: ConditionTreeFactory.matchIds(collection.schema, [id]) }),
    new Projection(field),
  );

  if (record === undefined) {
    throw new NotFoundError(`No record of '${collection.name}' has the id '${id.join('|')}'.`);
  }

  return record[field];
}
