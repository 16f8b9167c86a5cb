import { sql } from 'kysely';
import type { SqlDatabase } from '../../connection/sql-connection';
import { buildIntrospectedTable, type RawColumn } from '../../introspection/build-introspected-table';
import type { IntrospectedForeignKey, IntrospectedTable } from '../../introspection/introspection';
import { parseSqlLiteral } from '../../introspection/literal-default';
import type { DialectIntrospectOptions } from '../sql-dialect';
import { mapPostgresType } from './postgres-type-mapper';

interface ColumnRow {
  table_name: string;
  name: string;
  sql_type: string;
  is_nullable: boolean;
  default_expr: string | null;
  identity: string;
  generated: string;
  enum_oid: number | null;
}
interface IndexRow {
  table_name: string;
  is_primary: boolean;
  columns: string[];
}
interface ForeignKeyRow {
  table_name: string;
  name: string;
  columns: string[];
  referenced_table: string;
  referenced_schema: string;
  referenced_columns: string[];
}

/** Reads one schema from the pg_catalog tables (one query per kind of object). @internal */
export async function introspectPostgres(
  db: SqlDatabase,
  { schema = 'public' }: DialectIntrospectOptions,
): Promise<IntrospectedTable[]> {
  const [relations, columns, enums, indexes, foreignKeys] = await Promise.all([
    sql<{ name: string; kind: string }>`
      select c.relname as name, c.relkind as kind
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v', 'm', 'f') and not c.relispartition
      order by c.relname`.execute(db),
    sql<ColumnRow>`
      select c.relname as table_name, a.attname as name,
        format_type(
          case when t.typtype = 'd' then t.typbasetype else a.atttypid end,
          case when t.typtype = 'd' then t.typtypmod else a.atttypmod end) as sql_type,
        not a.attnotnull as is_nullable,
        pg_get_expr(d.adbin, d.adrelid) as default_expr,
        a.attidentity::text as identity, a.attgenerated::text as generated,
        case when t.typtype = 'e' then t.oid when et.typtype = 'e' then et.oid end::int as enum_oid
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_type t on t.oid = a.atttypid
      left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(db),
    sql<{ oid: number; labels: string[] }>`
      select enumtypid::int as oid, array_agg(enumlabel::text order by enumsortorder) as labels
      from pg_enum group by enumtypid`.execute(db),
    sql<IndexRow>`
      select c.relname as table_name, i.indisprimary as is_primary,
        array(select a.attname::text from unnest(i.indkey::int2[]) with ordinality k(attnum, ord)
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum order by k.ord) as columns
      from pg_index i
      join pg_class c on c.oid = i.indrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_class ic on ic.oid = i.indexrelid
      where n.nspname = ${schema} and i.indisunique and i.indpred is null and i.indexprs is null
      order by c.relname, ic.relname`.execute(db),
    sql<ForeignKeyRow>`
      select c.relname as table_name, con.conname as name,
        rc.relname as referenced_table, rn.nspname as referenced_schema,
        array(select a.attname::text from unnest(con.conkey) with ordinality k(attnum, ord)
          join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.ord) as columns,
        array(select a.attname::text from unnest(con.confkey) with ordinality k(attnum, ord)
          join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.ord) as referenced_columns
      from pg_constraint con
      join pg_class c on c.oid = con.conrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_class rc on rc.oid = con.confrelid
      join pg_namespace rn on rn.oid = rc.relnamespace
      where con.contype = 'f' and n.nspname = ${schema}
      order by c.relname, con.conname`.execute(db),
  ]);
  const enumLabels = new Map(enums.rows.map((row) => [row.oid, row.labels]));

  return relations.rows.map((relation) => {
    const isView = relation.kind === 'v' || relation.kind === 'm';
    const tableIndexes = indexes.rows.filter((row) => row.table_name === relation.name);
    return buildIntrospectedTable({
      name: relation.name,
      isView,
      columns: columns.rows
        .filter((row) => row.table_name === relation.name)
        .map((row) => toRawColumn(row, row.enum_oid === null ? undefined : enumLabels.get(row.enum_oid))),
      primaryKey: tableIndexes.find((row) => row.is_primary)?.columns ?? [],
      foreignKeys: foreignKeys.rows
        .filter((row) => row.table_name === relation.name)
        .map((row) => toForeignKey(row, schema)),
      uniqueConstraints: tableIndexes.filter((row) => !row.is_primary).map((row) => row.columns),
    });
  });
}

function toRawColumn(row: ColumnRow, enumValues: string[] | undefined): RawColumn {
  const isSequence = row.default_expr?.startsWith('nextval(') ?? false;
  const defaultLiteral = row.default_expr === null ? undefined : parseSqlLiteral(row.default_expr);
  return {
    name: row.name,
    sqlType: row.sql_type,
    mapping: mapPostgresType(row.sql_type, { isEnum: enumValues !== undefined }),
    isNullable: row.is_nullable,
    defaultLiteral,
    hasDefault: row.default_expr !== null && defaultLiteral?.kind !== 'null',
    isAutoIncrement: row.identity === 'a' || row.identity === 'd' || isSequence,
    isGenerated: row.generated === 's',
    enumValues,
  };
}

function toForeignKey(row: ForeignKeyRow, schema: string): IntrospectedForeignKey {
  const fk: IntrospectedForeignKey = {
    name: row.name,
    columns: row.columns,
    referencedTable: row.referenced_table,
    referencedColumns: row.referenced_columns,
  };
  if (row.referenced_schema !== schema) fk.referencedSchema = row.referenced_schema;
  return fk;
}
