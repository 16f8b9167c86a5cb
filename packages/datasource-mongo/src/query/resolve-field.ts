import type { MongoRelation } from '../introspection/mongo-introspection';
import type { CollectionModel, ColumnModel, ModelLookup } from '../schema/collection-model';

/** A field path of a request (`price`, `author:name`) located in the pipeline's documents. @internal */
export interface ResolvedField {
  readonly column: ColumnModel;
  readonly model: CollectionModel;
  /** Dotted path in the documents once the relations are looked up (`author.name`). */
  readonly mongoPath: string;
  /** The relations the path crosses, outermost first, as request prefixes (`author`, `author:country`). */
  readonly relationPrefixes: readonly string[];
}

/**
 * Locates `path` (validated beforehand by the toolkit's validators) from `model`.
 * @internal
 */
export function resolveField(model: CollectionModel, path: string, lookup: ModelLookup): ResolvedField {
  const parts = path.split(':');
  const prefixes: string[] = [];
  const mongoParts: string[] = [];
  let current = model;
  for (const relationName of parts.slice(0, -1)) {
    const relation = current.relations[relationName];
    if (!relation) throw new Error(`'${relationName}' is not a relation of '${current.name}'.`);
    prefixes.push(parts.slice(0, prefixes.length + 1).join(':'));
    mongoParts.push(relationName);
    current = lookup(relation.foreignCollection);
  }
  const name = parts[parts.length - 1] ?? '';
  const column = current.columns.get(name);
  if (!column) throw new Error(`'${name}' is not a column of '${current.name}'.`);

  return { column, model: current, mongoPath: [...mongoParts, column.path].join('.'), relationPrefixes: prefixes };
}

/** The relation a request prefix (`author:country`) ends with, and the model it starts from. @internal */
export function resolveRelation(
  model: CollectionModel,
  prefix: string,
  lookup: ModelLookup,
): { readonly owner: CollectionModel; readonly relation: MongoRelation; readonly name: string } {
  const parts = prefix.split(':');
  let owner = model;
  for (const name of parts.slice(0, -1)) {
    const relation = owner.relations[name];
    if (!relation) throw new Error(`'${name}' is not a relation of '${owner.name}'.`);
    owner = lookup(relation.foreignCollection);
  }
  const name = parts[parts.length - 1] ?? '';
  const relation = owner.relations[name];
  if (!relation) throw new Error(`'${name}' is not a relation of '${owner.name}'.`);

  return { owner, relation, name };
}
