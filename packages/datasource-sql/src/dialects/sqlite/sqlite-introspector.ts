import { sql } from 'kysely';
import type { SqlDatabase } from '../../connection/sql-connection';
import { buildIntrospectedTable, type RawColumn, type RawTable } from '../../introspection/build-introspected-table';
import type { IntrospectedForeignKey, IntrospectedTable } from '../../introspection/introspection';
import { parseSqlLiteral } from '../../introspection/literal-default';
import type { DialectIntrospectOptions } from '../sql-dialect';
import { mapSqliteType } from './sqlite-type-mapper';

interface ColumnRow {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
  hidden: number;
}
interface ForeignKeyRow {
  id: number;
  seq: number;
  table: string;
  from: string;
  to: string | null;
}

const HIDDEN_GENERATED = new Set([2, 3]); // 2: VIRTUAL, 3: STORED

/** Reads the tables and views of the main database through the pragma table functions. @internal */
export async function introspectSqlite(
  db: SqlDatabase,
  _options: DialectIntrospectOptions,
): Promise<IntrospectedTable[]> {
  const { rows: objects } = await sql<{ name: string; type: string; sql: string | null }>`
    select name, type, sql from sqlite_master
    where type in ('table', 'view') and name not like 'sqlite\\_%' escape '\\'
    order by name`.execute(db);
  const raws: RawTable[] = [];
  for (const object of objects) raws.push(await readTable(db, object));
  const primaryKeys = new Map(raws.map((raw) => [raw.name, raw.primaryKey]));

  // A foreign key written `REFERENCES authors` (no column) points at that table's primary key.
  return raws.map((raw) =>
    buildIntrospectedTable({
      ...raw,
      foreignKeys: raw.foreignKeys.map((fk) =>
        fk.referencedColumns.length > 0
          ? fk
          : { ...fk, referencedColumns: [...(primaryKeys.get(fk.referencedTable) ?? [])] },
      ),
    }),
  );
}

async function readTable(
  db: SqlDatabase,
  object: { name: string; type: string; sql: string | null },
): Promise<RawTable> {
  const isView = object.type === 'view';
  const definition = object.sql ?? '';
  const { rows: columns } = await sql<ColumnRow>`select * from pragma_table_xinfo(${object.name})`.execute(db);
  const primaryKey = columns
    .filter((column) => column.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((column) => column.name);
  const hasRowid = !/\bwithout\s+rowid\b/i.test(definition);
  const enums = checkInLists(definition);

  return {
    name: object.name,
    isView,
    columns: columns
      .filter((column) => column.hidden !== 1)
      .map((column) => toRawColumn(column, primaryKey, hasRowid && !isView, enums.get(column.name.toLowerCase()))),
    primaryKey,
    foreignKeys: isView ? [] : await readForeignKeys(db, object.name),
    uniqueConstraints: isView ? [] : await readUniqueIndexes(db, object.name),
  };
}

function toRawColumn(column: ColumnRow, primaryKey: string[], hasRowid: boolean, enumValues?: string[]): RawColumn {
  // `INTEGER PRIMARY KEY` (exactly that type name) makes the column an alias of the rowid.
  const isRowidAlias =
    hasRowid && primaryKey.length === 1 && primaryKey[0] === column.name && column.type.toUpperCase() === 'INTEGER';
  const defaultLiteral = column.dflt_value === null ? undefined : parseSqlLiteral(column.dflt_value);
  return {
    name: column.name,
    sqlType: column.type,
    mapping: mapSqliteType(column.type, { isEnum: enumValues !== undefined }),
    isNullable: column.notnull === 0 && !isRowidAlias,
    defaultLiteral,
    hasDefault: column.dflt_value !== null && defaultLiteral?.kind !== 'null',
    isAutoIncrement: isRowidAlias,
    isGenerated: HIDDEN_GENERATED.has(column.hidden),
    enumValues,
  };
}

async function readForeignKeys(db: SqlDatabase, table: string): Promise<IntrospectedForeignKey[]> {
  const { rows } = await sql<ForeignKeyRow>`select * from pragma_foreign_key_list(${table})`.execute(db);
  const byId = new Map<number, ForeignKeyRow[]>();
  for (const row of rows) byId.set(row.id, [...(byId.get(row.id) ?? []), row]);

  // SQLite does not report constraint names: name them as PostgreSQL would by default.
  return [...byId.values()]
    .map((parts) => parts.sort((a, b) => a.seq - b.seq))
    .map((parts) => ({
      name: `${table}_${parts.map((part) => part.from).join('_')}_fkey`,
      columns: parts.map((part) => part.from),
      referencedTable: parts[0]?.table ?? '',
      referencedColumns: parts.every((part) => part.to !== null) ? parts.map((part) => part.to as string) : [],
    }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

async function readUniqueIndexes(db: SqlDatabase, table: string): Promise<string[][]> {
  const { rows: indexes } = await sql<{ name: string; unique: number; origin: string; partial: number }>`
    select * from pragma_index_list(${table}) order by name`.execute(db);
  const constraints: string[][] = [];
  for (const index of indexes) {
    if (index.unique !== 1 || index.origin === 'pk' || index.partial !== 0) continue;
    const { rows } = await sql<{ name: string | null; seqno: number }>`
      select * from pragma_index_info(${index.name}) order by seqno`.execute(db);
    // An expression index has no column name: it does not make a column unique.
    if (rows.every((row) => row.name !== null)) constraints.push(rows.map((row) => row.name as string));
  }
  return constraints;
}

/** `CHECK (status IN ('a', 'b'))` in a table definition → status: ['a', 'b']. */
function checkInLists(definition: string): Map<string, string[]> {
  const lists = new Map<string, string[]>();
  const pattern = /check\s*\(\s*["`[]?(\w+)["`\]]?\s+in\s*\(([^)]*)\)\s*\)/gi;
  for (const match of definition.matchAll(pattern)) {
    const items = (match[2] ?? '').split(',').map((item) => parseSqlLiteral(item));
    if (items.every((item) => item?.kind === 'string')) {
      lists.set(
        (match[1] ?? '').toLowerCase(),
        items.map((item) => (item?.kind === 'string' ? item.text : '')),
      );
    }
  }
  return lists;
}
