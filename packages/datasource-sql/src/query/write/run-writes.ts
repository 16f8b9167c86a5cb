import {
  ConditionTreeFactory,
  type Filter,
  PaginatedFilter,
  Projection,
  type RecordData,
} from '@platform/datasource-toolkit';
import { sql } from 'kysely';
import { tableRef } from '../joins/join-plan';
import { buildSelect } from '../list/build-select';
import type { QueryContext } from '../query-context';
import type { TableModel } from '../table-model';
import { targetRows } from './target-rows';

/**
 * Inserts records one by one (in one transaction when several) and returns them as stored, with
 * generated keys and defaults: through `RETURNING *` (PostgreSQL, SQLite), else by reading the row
 * back by primary key: the keys `RETURNING` gives on MariaDB 10.5+, the auto-increment id the
 * server reports on MySQL.
 * @internal
 */
export async function insertRecords(
  context: QueryContext,
  model: TableModel,
  records: readonly RecordData[],
): Promise<RecordData[]> {
  if (records.length <= 1) return Promise.all(records.map((record) => insertOne(context, model, record)));

  return context.db.transaction().execute(async (trx) => {
    const inTransaction = { ...context, db: trx };
    const created: RecordData[] = [];
    for (const record of records) created.push(await insertOne(inTransaction, model, record));

    return created;
  });
}

async function insertOne(context: QueryContext, model: TableModel, record: RecordData): Promise<RecordData> {
  const { db, flavor } = context;
  const names = Object.keys(record).filter((name) => record[name] !== undefined);
  const values = names.map((name) => flavor.toDatabase(record[name], model.columns.get(name) ?? fail(model, name)));
  const into =
    names.length === 0
      ? flavor.dialect === 'mysql'
        ? sql`insert into ${tableRef(model)} () values ()`
        : sql`insert into ${tableRef(model)} default values`
      : sql`insert into ${tableRef(model)} (${sql.join(names.map((name) => sql.id(name)))}) values (${sql.join(values)})`;

  if (flavor.supportsReturning) {
    const { rows } = await sql<Record<string, unknown>>`${into} returning *`.execute(db);
    return toRecord(context, model, rows[0] ?? {});
  }

  if (context.returnsInsertedKeys) {
    const keys = sql.join(model.primaryKeys.map((pk) => sql.id(pk)));
    const { rows } = await sql<Record<string, unknown>>`${into} returning ${keys}`.execute(db);
    const [created] = await readByIds(context, model, [model.primaryKeys.map((pk) => rows[0]?.[pk])]);
    return created ?? { ...record };
  }

  const result = await into.execute(db);
  const id = model.primaryKeys.map((pk) => {
    const given = record[pk];
    if (given !== undefined && given !== null) return given;
    // The one generated key MySQL reports.
    return result.insertId === undefined ? null : Number(result.insertId);
  });
  const [created] = await readByIds(context, model, [id]);

  return created ?? { ...record };
}

/** Reads records back by primary key values, every column. */
export async function readByIds(
  context: QueryContext,
  model: TableModel,
  ids: ReadonlyArray<ReadonlyArray<unknown>>,
): Promise<RecordData[]> {
  const tree = ConditionTreeFactory.matchIds(
    model.schema,
    ids.map((id) => id.map((part) => part as string | number)),
  );
  return buildSelect(
    context,
    model,
    new PaginatedFilter({ conditionTree: tree }),
    new Projection(...model.columns.keys()),
    'UTC',
  ).run();
}

/** Applies `patch` to the records `filter` matches. */
export async function updateRecords(
  context: QueryContext,
  model: TableModel,
  filter: Filter | undefined,
  patch: RecordData,
  timezone: string,
): Promise<void> {
  const { flavor } = context;
  const { where, isAliased } = targetRows(context, model, filter, timezone);
  const sets = Object.entries(patch)
    .filter(([, value]) => value !== undefined)
    .map(
      ([name, value]) =>
        sql`${sql.id(name)} = ${flavor.toDatabase(value, model.columns.get(name) ?? fail(model, name))}`,
    );
  const table = isAliased ? sql`${tableRef(model)} as ${sql.id('t0')}` : tableRef(model);

  await sql`update ${table} set ${sql.join(sets)} where ${where}`.execute(context.db);
}

/** Deletes the records `filter` matches. */
export async function deleteRecords(
  context: QueryContext,
  model: TableModel,
  filter: Filter | undefined,
  timezone: string,
): Promise<void> {
  const { where, isAliased } = targetRows(context, model, filter, timezone);
  const statement = !isAliased
    ? sql`delete from ${tableRef(model)} where ${where}`
    : context.flavor.dialect === 'mysql'
      ? sql`delete ${sql.id('t0')} from ${tableRef(model)} as ${sql.id('t0')} where ${where}`
      : sql`delete from ${tableRef(model)} as ${sql.id('t0')} where ${where}`;

  await statement.execute(context.db);
}

function toRecord(context: QueryContext, model: TableModel, row: Record<string, unknown>): RecordData {
  const record: RecordData = {};
  for (const [name, column] of model.columns) {
    if (Object.hasOwn(row, name)) record[name] = context.flavor.fromDatabase(row[name], column);
  }

  return record;
}

function fail(model: TableModel, name: string): never {
  throw new Error(`Column '${name}' does not exist in '${model.collectionName}'.`);
}
