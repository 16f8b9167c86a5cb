/**
 * The part of the official `mongodb` driver the data source calls, with the driver's own
 * signatures and result shapes. A `Db` of the driver satisfies `MongoDatabase` (checked by a test),
 * so the data source runs on the real driver; tests may inject another implementation.
 */
export type MongoDocument = Record<string, unknown>;

export interface MongoCursorLike<T> {
  toArray(): Promise<T[]>;
}

export interface MongoCollectionLike {
  aggregate(pipeline: MongoDocument[]): MongoCursorLike<MongoDocument>;
  find(filter: MongoDocument, options?: { limit?: number }): MongoCursorLike<MongoDocument>;
  insertMany(documents: MongoDocument[]): Promise<{ insertedIds: { [index: number]: unknown } }>;
  updateMany(filter: MongoDocument, update: MongoDocument): Promise<{ matchedCount: number }>;
  deleteMany(filter: MongoDocument): Promise<{ deletedCount: number }>;
}

export interface MongoDatabase {
  readonly databaseName: string;
  collection(name: string): MongoCollectionLike;
  listCollections(
    filter?: MongoDocument,
    options?: { nameOnly?: boolean },
  ): MongoCursorLike<{ name: string; type?: string }>;
}

/** What the data source needs of a `MongoClient`: a database, and a way to close. */
export interface MongoClientLike {
  db(name?: string): MongoDatabase;
  close(): Promise<void>;
}

/** The driver's ObjectId class (from `bson`), used to read and write references. */
export interface ObjectIdClass {
  new (hex: string): { toHexString(): string };
  isValid(value: string): boolean;
}

export interface MongoDriverModule {
  readonly MongoClient: new (uri: string, options?: MongoDocument) => MongoClientLike & { connect(): Promise<unknown> };
  readonly ObjectId: ObjectIdClass;
}
