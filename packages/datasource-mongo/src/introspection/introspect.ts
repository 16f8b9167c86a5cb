import type { MongoDatabase, MongoDocument } from '../connection/mongo-driver';
import { inferDocumentType, mergeTypes } from './infer-field-type';
import type {
  MongoFieldType,
  MongoIntrospectedCollection,
  MongoIntrospection,
  MongoRelation,
} from './mongo-introspection';

/** How introspection samples. @internal */
export interface IntrospectOptions {
  readonly sampleSize: number;
  readonly referenceSampleSize: number;
  /** Arrays of objects to expose as virtual child collections: `true` for all, or `collection.field` paths. */
  readonly virtualCollections: boolean | readonly string[];
}

interface Sampled {
  readonly name: string;
  readonly fields: Record<string, MongoFieldType>;
  readonly documents: readonly MongoDocument[];
}

/**
 * Reads `sampleSize` documents of each collection (system collections and views excluded) and
 * infers their fields. A top-level ObjectId field whose sampled values all exist as `_id` of one
 * collection becomes a ManyToOne relation to it, with the inverse OneToMany.
 * @internal
 */
export async function introspect(db: MongoDatabase, options: IntrospectOptions): Promise<MongoIntrospection> {
  const listed = await db.listCollections({}, { nameOnly: true }).toArray();
  const names = listed
    .filter((entry) => entry.type !== 'view' && !entry.name.startsWith('system.'))
    .map((entry) => entry.name)
    .sort();
  const sampled: Sampled[] = [];
  for (const name of names) {
    const documents = await db.collection(name).find({}, { limit: options.sampleSize }).toArray();
    const type = documents.reduce<MongoFieldType | null>(
      (merged, doc) => mergeTypes(merged, inferDocumentType(doc)),
      null,
    );
    const fields = type?.kind === 'object' ? { ...type.fields } : {};
    fields._id ??= { kind: 'scalar', type: 'ObjectId' };
    sampled.push({ name, fields, documents });
  }

  const relations = new Map<string, Record<string, MongoRelation>>(names.map((name) => [name, {}]));
  for (const source of sampled) await addReferences(db, source, sampled, relations, options.referenceSampleSize);

  const collections: MongoIntrospectedCollection[] = sampled.map((source) => ({
    name: source.name,
    fields: source.fields,
    relations: relations.get(source.name) ?? {},
  }));

  return { version: 1, collections: [...collections, ...virtualCollections(collections, options.virtualCollections)] };
}

async function addReferences(
  db: MongoDatabase,
  source: Sampled,
  all: readonly Sampled[],
  relations: Map<string, Record<string, MongoRelation>>,
  referenceSampleSize: number,
): Promise<void> {
  const targets = all.filter((target) => isObjectIdScalar(target.fields._id));
  for (const [field, type] of Object.entries(source.fields)) {
    if (field === '_id' || !isObjectIdScalar(type)) continue;
    const values = distinctValues(source.documents, field, referenceSampleSize);
    if (values.length === 0) continue;
    for (const target of targets) {
      // Verified by lookup: every sampled value must be the `_id` of a document of the target.
      const [found] = await db
        .collection(target.name)
        .aggregate([{ $match: { _id: { $in: values } } }, { $count: 'found' }])
        .toArray();
      if (found?.found !== values.length) continue;

      const sourceRelations = relations.get(source.name) ?? {};
      const name = freeName(relationBaseName(field), source.fields, sourceRelations);
      sourceRelations[name] = {
        type: 'ManyToOne',
        foreignCollection: target.name,
        foreignKey: field,
        foreignKeyTarget: '_id',
      };
      const targetRelations = relations.get(target.name) ?? {};
      const inverse = freeName(
        source.name === target.name || targetRelations[source.name]
          ? `${source.name}By${capitalize(field)}`
          : source.name,
        target.fields,
        targetRelations,
      );
      targetRelations[inverse] = {
        type: 'OneToMany',
        foreignCollection: source.name,
        originKey: field,
        originKeyTarget: '_id',
      };
      break;
    }
  }
}

function virtualCollections(
  collections: readonly MongoIntrospectedCollection[],
  option: boolean | readonly string[],
): MongoIntrospectedCollection[] {
  if (option === false) return [];
  const result: MongoIntrospectedCollection[] = [];
  for (const parent of collections) {
    for (const [field, type] of Object.entries(parent.fields)) {
      const isWanted = option === true || option.includes(`${parent.name}.${field}`);
      if (!isWanted || type.kind !== 'array' || type.items?.kind !== 'object') continue;
      const name = `${parent.name}_${field}`;
      const parentId = parent.fields._id ?? { kind: 'scalar', type: 'ObjectId' };
      result.push({
        name,
        fields: { ...type.items.fields, _id: { kind: 'scalar', type: 'String' }, parentId },
        relations: {
          parent: {
            type: 'ManyToOne',
            foreignCollection: parent.name,
            foreignKey: 'parentId',
            foreignKeyTarget: '_id',
          },
        },
        virtual: { parent: parent.name, field },
      });
      (parent.relations as Record<string, MongoRelation>)[freeName(name, parent.fields, parent.relations)] = {
        type: 'OneToMany',
        foreignCollection: name,
        originKey: 'parentId',
        originKeyTarget: '_id',
      };
    }
  }

  return result;
}

function isObjectIdScalar(type: MongoFieldType | undefined): boolean {
  return type?.kind === 'scalar' && type.type === 'ObjectId';
}

function distinctValues(documents: readonly MongoDocument[], field: string, limit: number): unknown[] {
  const seen = new Map<string, unknown>();
  for (const document of documents) {
    const value = document[field];
    if (value !== null && value !== undefined && seen.size < limit) seen.set(String(value), value);
  }

  return [...seen.values()];
}

/** `authorId`, `author_id` → `author`; a field named like its target keeps a `Record` suffix. */
function relationBaseName(field: string): string {
  const base = field.replace(/(_id|Id|ID)$/, '');

  return base === '' || base === field ? `${field}Record` : base;
}

function freeName(name: string, fields: Record<string, unknown>, relations: Record<string, unknown>): string {
  let candidate = name;
  for (let index = 2; candidate in fields || candidate in relations; index += 1) candidate = `${name}${index}`;

  return candidate;
}

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
