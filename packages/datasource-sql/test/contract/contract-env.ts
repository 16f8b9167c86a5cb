import {
  type Collection,
  type DataSource,
  isColumn,
  isToOneRelation,
  type LoggerLevel,
  PaginatedFilter,
  Projection,
  type RecordData,
} from '@platform/datasource-toolkit';
import { makeCaller } from '@platform/datasource-toolkit/testing';
import { createSqlDataSource, type SqlConnectionParams } from '../../src';
import { type FixtureDatabase, type FixtureKind, setupFixtureDatabase } from '../fixtures';

// The cases import the caller factory from here, next to the rest of their environment.
export { makeCaller };

/** What each contract case reads: the data source over a seeded fixture database, and its SQL log. */
export interface ContractEnv {
  readonly kind: FixtureKind;
  readonly dataSource: DataSource;
  /** Where the fixture database is, to open other data sources on it. */
  readonly params: SqlConnectionParams;
  /** Debug messages of the statements run since the last `logs.length = 0`. */
  readonly statements: string[];
}

/**
 * Creates a seeded fixture database and a data source over it before the block's tests, and drops
 * both after. Returns a getter, valid inside tests.
 */
export function useContractEnv(kind: FixtureKind): () => ContractEnv {
  let fixture: FixtureDatabase | undefined;
  let env: ContractEnv | undefined;
  beforeAll(async () => {
    fixture = await setupFixtureDatabase(kind);
    const statements: string[] = [];
    const logger = (level: LoggerLevel, message: string) => {
      if (level === 'Debug' && message.startsWith('SQL ')) statements.push(message);
    };
    const dataSource = await createSqlDataSource(fixture.params, {
      liveQueryConnections: 'main',
      primaryKeys: { published_books: ['id'] },
    })(logger);
    env = { kind, dataSource, statements, params: fixture.params };
  }, 60_000);
  afterAll(async () => {
    await env?.dataSource.close();
    await fixture?.drop();
  });

  return () => {
    if (!env) throw new Error('The contract environment is not ready (beforeAll failed?).');
    return env;
  };
}

/** The name of the to-one relation of `collection` carried by foreign key `foreignKey`. */
export function relationOf(collection: Collection, foreignKey: string): string {
  const found = Object.entries(collection.schema.fields).find(
    ([, field]) =>
      isToOneRelation(field) && (field.type === 'ManyToOne' ? field.foreignKey : field.originKey) === foreignKey,
  );
  if (!found) throw new Error(`No to-one relation through '${foreignKey}' on '${collection.name}'.`);

  return found[0];
}

/** The OneToOne relation of `collection` towards `foreignCollection`. */
export function oneToOneOf(collection: Collection, foreignCollection: string): string {
  const found = Object.entries(collection.schema.fields).find(
    ([, field]) => field.type === 'OneToOne' && field.foreignCollection === foreignCollection,
  );
  if (!found) throw new Error(`No OneToOne relation towards '${foreignCollection}' on '${collection.name}'.`);

  return found[0];
}

export function columnsOf(collection: Collection): Projection {
  return new Projection(
    ...Object.keys(collection.schema.fields).filter((name) => isColumn(collection.schema.fields[name])),
  );
}

export async function listAll(collection: Collection, caller = makeCaller()): Promise<RecordData[]> {
  return collection.list(caller, new PaginatedFilter({}), columnsOf(collection));
}

export function ids(records: readonly RecordData[]): number[] {
  return records.map((record) => Number(record.id));
}

export function sortedIds(records: readonly RecordData[]): number[] {
  return ids(records).sort((a, b) => a - b);
}
