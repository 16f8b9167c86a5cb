import { sql } from 'kysely';
import type { SqlDatabase } from '../../connection/sql-connection';
import { buildIntrospectedTable, type RawColumn } from '../../introspection/build-introspected-table';
import type { IntrospectedForeignKey, IntrospectedTable } from '../../introspection/introspection';
import { parseSqlLiteral, type SqlLiteral } from '../../introspection/literal-default';
import type { DialectIntrospectOptions } from '../sql-dialect';
import { mapMysqlType } from './mysql-type-mapper';

interface ColumnRow {
  table_name: string;
  name: string;
  column_type: string;
  is_nullable: string;
  column_default: string | null;
  extra: string;
}
interface IndexRow {
  table_name: string;
  index_name: string;
  column_name: string | null;
  sub_part: number | null;
  non_unique: number | string;
}
interface ForeignKeyRow {
  table_name: string;
  name: string;
  column_name: string;
  referenced_schema: string;
  referenced_table: string;
  referenced_column: string;
}

/** Reads the current database from information_schema (MySQL 5.7+/8, MariaDB 10.2+). @internal */
export async function introspectMysql(
  db: SqlDatabase,
  _options: DialectIntrospectOptions,
): Promise<IntrospectedTable[]> {
  const [versions, relations, columns, indexes, foreignKeys, jsonColumns] = await Promise.all([
    sql<{
      version: string;
      database: string;
    }>`select version() as version, database() as ${sql.id('database')}`.execute(db),
    sql<{ name: string; type: string }>`
      select TABLE_NAME as name, TABLE_TYPE as type from information_schema.TABLES
      where TABLE_SCHEMA = database() and TABLE_TYPE in ('BASE TABLE', 'VIEW', 'SYSTEM VERSIONED')
      order by TABLE_NAME`.execute(db),
    sql<ColumnRow>`
      select TABLE_NAME as table_name, COLUMN_NAME as name, COLUMN_TYPE as column_type,
        IS_NULLABLE as is_nullable, COLUMN_DEFAULT as column_default, EXTRA as extra
      from information_schema.COLUMNS where TABLE_SCHEMA = database()
      order by TABLE_NAME, ORDINAL_POSITION`.execute(db),
    sql<IndexRow>`
      select TABLE_NAME as table_name, INDEX_NAME as index_name, COLUMN_NAME as column_name,
        SUB_PART as sub_part, NON_UNIQUE as non_unique
      from information_schema.STATISTICS where TABLE_SCHEMA = database()
      order by TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`.execute(db),
    sql<ForeignKeyRow>`
      select TABLE_NAME as table_name, CONSTRAINT_NAME as name, COLUMN_NAME as column_name,
        REFERENCED_TABLE_SCHEMA as referenced_schema, REFERENCED_TABLE_NAME as referenced_table,
        REFERENCED_COLUMN_NAME as referenced_column
      from information_schema.KEY_COLUMN_USAGE
      where TABLE_SCHEMA = database() and REFERENCED_TABLE_NAME is not null
      order by TABLE_NAME, CONSTRAINT_NAME, ORDINAL_POSITION`.execute(db),
    readMariaDbJsonColumns(db),
  ]);
  const isMariaDb = /mariadb/i.test(versions.rows[0]?.version ?? '');
  const database = versions.rows[0]?.database ?? '';

  return relations.rows.map((relation) => {
    const keys = groupIndexes(indexes.rows.filter((row) => row.table_name === relation.name));
    return buildIntrospectedTable({
      name: relation.name,
      isView: relation.type === 'VIEW',
      columns: columns.rows
        .filter((row) => row.table_name === relation.name)
        .map((row) => toRawColumn(row, isMariaDb, jsonColumns.has(`${row.table_name}.${row.name}`))),
      primaryKey: keys.primaryKey,
      foreignKeys: groupForeignKeys(
        foreignKeys.rows.filter((row) => row.table_name === relation.name),
        database,
      ),
      uniqueConstraints: keys.unique,
    });
  });
}

function toRawColumn(row: ColumnRow, isMariaDb: boolean, isJson: boolean): RawColumn {
  const extra = row.extra.toLowerCase();
  const isLongText = /^longtext\b/i.test(row.column_type);
  const defaultLiteral = readDefault(row, isMariaDb);
  return {
    name: row.name,
    sqlType: row.column_type,
    mapping: mapMysqlType(row.column_type, { isJson: isJson && isLongText }),
    isNullable: row.is_nullable === 'YES',
    defaultLiteral,
    // MariaDB prints `NULL` for a column without default; MySQL gives SQL NULL.
    hasDefault: row.column_default !== null && defaultLiteral?.kind !== 'null',
    isAutoIncrement: extra.includes('auto_increment'),
    isGenerated: /\b(virtual|stored|persistent) generated\b/.test(extra),
    enumValues: /^enum\(/i.test(row.column_type) ? parseEnumValues(row.column_type) : undefined,
  };
}

// MariaDB (10.2.7+) prints defaults as SQL (`'draft'`, `NULL`, `current_timestamp()`); MySQL
// prints literal values bare and flags expressions with DEFAULT_GENERATED.
function readDefault(row: ColumnRow, isMariaDb: boolean): SqlLiteral | undefined {
  if (row.column_default === null) return undefined;
  if (isMariaDb) return parseSqlLiteral(row.column_default, { backslashEscapes: true });
  if (/default_generated/i.test(row.extra)) return undefined;
  if (/^current_timestamp/i.test(row.column_default)) return undefined;
  return { kind: 'string', text: row.column_default };
}

/** `enum('a','it''s')` → ['a', "it's"]. */
export function parseEnumValues(columnType: string): string[] {
  const body = columnType.slice(columnType.indexOf('(') + 1, columnType.lastIndexOf(')'));
  return [...body.matchAll(/'((?:[^'\\]|''|\\.)*)'/g)].map((match) =>
    (match[1] ?? '').replace(/''/g, "'").replace(/\\(.)/g, '$1'),
  );
}

function groupIndexes(rows: IndexRow[]): { primaryKey: string[]; unique: string[][] } {
  const byName = new Map<string, IndexRow[]>();
  for (const row of rows) byName.set(row.index_name, [...(byName.get(row.index_name) ?? []), row]);
  let primaryKey: string[] = [];
  const unique: string[][] = [];
  for (const [name, parts] of byName) {
    // A prefix index (`SUB_PART`) or a functional one (no column) does not make columns unique.
    if (
      Number(parts[0]?.non_unique) !== 0 ||
      parts.some((part) => part.column_name === null || part.sub_part !== null)
    ) {
      continue;
    }
    const columns = parts.map((part) => part.column_name as string);
    if (name === 'PRIMARY') primaryKey = columns;
    else unique.push(columns);
  }
  return { primaryKey, unique };
}

function groupForeignKeys(rows: ForeignKeyRow[], database: string): IntrospectedForeignKey[] {
  const byName = new Map<string, ForeignKeyRow[]>();
  for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row]);
  return [...byName.entries()].map(([name, parts]) => {
    const first = parts[0] as ForeignKeyRow;
    const fk: IntrospectedForeignKey = {
      name,
      columns: parts.map((part) => part.column_name),
      referencedTable: first.referenced_table,
      referencedColumns: parts.map((part) => part.referenced_column),
    };
    if (first.referenced_schema !== database) fk.referencedSchema = first.referenced_schema;
    return fk;
  });
}

// MariaDB's JSON is LONGTEXT plus a `json_valid(col)` check; MySQL has a real JSON type, and
// servers without CHECK_CONSTRAINTS.TABLE_NAME (MySQL, old MariaDB) answer with an error: none.
async function readMariaDbJsonColumns(db: SqlDatabase): Promise<Set<string>> {
  try {
    const { rows } = await sql<{ table_name: string; clause: string }>`
      select TABLE_NAME as table_name, CHECK_CLAUSE as clause from information_schema.CHECK_CONSTRAINTS
      where CONSTRAINT_SCHEMA = database()`.execute(db);
    const columns = new Set<string>();
    for (const row of rows) {
      const column = /^json_valid\(`((?:[^`]|``)+)`\)$/i.exec(row.clause.trim())?.[1];
      if (column !== undefined) columns.add(`${row.table_name}.${column.replace(/``/g, '`')}`);
    }
    return columns;
  } catch {
    return new Set();
  }
}
