import type {
  MongoClientLike,
  MongoCollectionLike,
  MongoCursorLike,
  MongoDatabase,
  MongoDocument,
} from '@platform/datasource-mongo';
import { updateMany } from 'mingo';
import { Aggregator } from 'mingo/aggregator';
import { Query } from 'mingo/query';
import { ObjectId } from 'mongodb';
import { adapterContext } from './mingo-operators';

/** Every driver call the adapter received, by method, for round-trip counts. */
export interface DriverCalls {
  readonly aggregate: MongoDocument[][];
  find: number;
  insertMany: number;
  updateMany: number;
  deleteMany: number;
}

const cursor = <T>(items: T[]): MongoCursorLike<T> => ({ toArray: async () => items });

/**
 * An in-memory stand-in for the driver's `MongoClient`: only the calls the data source makes, with
 * the driver's signatures and result shapes, running queries and pipelines with mingo (MongoDB's
 * query and aggregation semantics in JavaScript). Documents are deep-copied in and out, like a
 * server would, and `_id` is unique (E11000 on a duplicate).
 */
export class MingoClient implements MongoClientLike {
  readonly calls: DriverCalls = { aggregate: [], find: 0, insertMany: 0, updateMany: 0, deleteMany: 0 };
  readonly databaseName: string;
  private readonly store = new Map<string, MongoDocument[]>();

  constructor(databaseName = 'test', seed: Record<string, MongoDocument[]> = {}) {
    this.databaseName = databaseName;
    for (const [name, documents] of Object.entries(seed)) this.store.set(name, documents.map(copy));
  }

  db(): MongoDatabase {
    return {
      databaseName: this.databaseName,
      collection: (name) => this.collection(name),
      listCollections: () => cursor([...this.store.keys()].map((name) => ({ name, type: 'collection' }))),
    };
  }

  closeCount = 0;

  async close(): Promise<void> {
    this.closeCount += 1;
  }

  /** Forgets the calls made so far (introspection's, typically). */
  resetCalls(): void {
    this.calls.aggregate.length = 0;
    this.calls.find = 0;
    this.calls.insertMany = 0;
    this.calls.updateMany = 0;
    this.calls.deleteMany = 0;
  }

  /** The documents of a collection as stored, for assertions. */
  documents(name: string): MongoDocument[] {
    return (this.store.get(name) ?? []).map(copy);
  }

  private collection(name: string): MongoCollectionLike {
    const documents = () => {
      let list = this.store.get(name);
      if (!list) {
        list = [];
        this.store.set(name, list);
      }
      return list;
    };
    const options = {
      collectionResolver: (from: string) => this.store.get(from) ?? [],
      context: adapterContext,
    };

    return {
      aggregate: (pipeline) => {
        this.calls.aggregate.push(pipeline);
        return cursor(new Aggregator(pipeline, options).run(documents().map(copy)).map(copy));
      },
      find: (filter, findOptions) => {
        this.calls.find += 1;
        const found = new Query(filter, options).find<MongoDocument>(documents()).all().map(copy);
        return cursor(findOptions?.limit ? found.slice(0, findOptions.limit) : found);
      },
      insertMany: async (inserted) => {
        this.calls.insertMany += 1;
        const list = documents();
        const insertedIds: Record<number, unknown> = {};
        const added = inserted.map((document, index) => {
          const stored = { _id: document._id ?? new ObjectId(), ...copy(document) };
          stored._id ??= new ObjectId();
          const key = String(stored._id);
          if (list.some((existing) => String(existing._id) === key)) {
            throw Object.assign(new Error(`E11000 duplicate key error collection: ${name} dup key: { _id: ${key} }`), {
              code: 11000,
            });
          }
          insertedIds[index] = stored._id;
          return stored;
        });
        list.push(...added);
        return { insertedIds };
      },
      updateMany: async (filter, update) => {
        this.calls.updateMany += 1;
        const result = updateMany(documents(), filter, update, {}, options);
        return { matchedCount: result.matchedCount };
      },
      deleteMany: async (filter) => {
        this.calls.deleteMany += 1;
        const list = documents();
        const doomed = new Set(new Query(filter, options).find(list).all());
        const kept = list.filter((document) => !doomed.has(document));
        this.store.set(name, kept);
        return { deletedCount: list.length - kept.length };
      },
    };
  }
}

// structuredClone keeps Dates but turns ObjectIds into plain objects: copy them by hand.
function copy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (value instanceof ObjectId) return new ObjectId(value.toHexString()) as T;
  if (value instanceof RegExp) return value;
  if (Array.isArray(value)) return value.map(copy) as T;

  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copy(item)])) as T;
}
