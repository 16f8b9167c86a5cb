import type { Logger, RelationSchema } from '@platform/datasource-toolkit';
import type { IntrospectedForeignKey, IntrospectedTable } from '../introspection/introspection';
import { FieldNames, plural, singular, stripKeySuffix } from './relation-naming';

/** A table exposed as a collection, with the primary key it is exposed with. @internal */
export interface ExposedTable {
  readonly table: IntrospectedTable;
  readonly primaryKey: readonly string[];
}

/** A single-column foreign key between two exposed tables. */
interface Link {
  readonly from: ExposedTable;
  readonly to: ExposedTable;
  readonly column: string;
  readonly targetColumn: string;
}

/**
 * Relations derived from foreign keys, per collection. Naming rules (README "Relations"):
 * - many-to-one: the key column without `_id`/`Id` (`author_id` → `author`), else the singular of
 *   the referenced table;
 * - one-to-many: the referencing table (`books`); one-to-one (unique key column): its singular
 *   (`book_detail`). With several keys from one table, the one named `<target>_id` keeps the plain
 *   name and the others get `_via_<column>` (`books_via_editor_id`);
 * - many-to-many through a junction table whose primary key (or a unique constraint) is exactly two
 *   foreign key columns: the other side's table name (`tags`);
 * - a name taken by a column or an earlier relation gets `_via_<column or junction>`, then `_2`...
 * Composite foreign keys are skipped with a warning: toolkit relations have a single key field.
 * @internal
 */
export function buildRelations(
  exposed: readonly ExposedTable[],
  logger: Logger,
): Map<string, Record<string, RelationSchema>> {
  const byName = new Map(exposed.map((entry) => [entry.table.name, entry]));
  const names = new FieldNames(
    new Map(exposed.map((entry) => [entry.table.name, entry.table.columns.map((c) => c.name)])),
  );
  const relations = new Map<string, Record<string, RelationSchema>>(exposed.map((entry) => [entry.table.name, {}]));
  const add = (collection: string, candidates: string[], relation: RelationSchema) => {
    const fields = relations.get(collection);
    if (fields) fields[names.claim(collection, candidates)] = relation;
  };
  const links = exposed.flatMap((entry) => readLinks(entry, byName, logger));

  for (const link of links) {
    const base = stripKeySuffix(link.column) ?? singular(link.to.table.name);
    add(link.from.table.name, [base, `${base}_via_${link.column}`], {
      type: 'ManyToOne',
      foreignCollection: link.to.table.name,
      foreignKey: link.column,
      foreignKeyTarget: link.targetColumn,
    });
  }
  for (const link of links) {
    const isOneToOne = isUniqueColumn(link.from, link.column);
    const base = isOneToOne ? singular(link.from.table.name) : plural(link.from.table.name);
    const via = `${base}_via_${link.column}`;
    const candidates = isCanonical(link, links) ? [base, via] : [via];
    add(link.to.table.name, candidates, {
      type: isOneToOne ? 'OneToOne' : 'OneToMany',
      foreignCollection: link.from.table.name,
      originKey: link.column,
      originKeyTarget: link.targetColumn,
    });
  }
  for (const [first, second] of junctions(exposed, links)) {
    for (const [origin, other] of [
      [first, second],
      [second, first],
    ] as const) {
      const base = origin.to === other.to ? `${other.to.table.name}_via_${other.column}` : other.to.table.name;
      add(origin.to.table.name, [base, `${base}_via_${origin.from.table.name}`], {
        type: 'ManyToMany',
        foreignCollection: other.to.table.name,
        throughCollection: origin.from.table.name,
        originKey: origin.column,
        originKeyTarget: origin.targetColumn,
        foreignKey: other.column,
        foreignKeyTarget: other.targetColumn,
      });
    }
  }
  return relations;
}

function readLinks(entry: ExposedTable, byName: ReadonlyMap<string, ExposedTable>, logger: Logger): Link[] {
  const links: Link[] = [];
  const foreignKeys = [...entry.table.foreignKeys].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const fk of foreignKeys) {
    const to = fk.referencedSchema === undefined ? byName.get(fk.referencedTable) : undefined;
    const [column, targetColumn] = [fk.columns[0], fk.referencedColumns[0]];
    if (fk.columns.length !== 1 || column === undefined || targetColumn === undefined) {
      logger('Warn', `${describe(entry, fk)} has several columns: no relation is created for it.`);
    } else if (to === undefined) {
      logger('Debug', `${describe(entry, fk)} points at a table that is not exposed: no relation is created for it.`);
    } else {
      links.push({ from: entry, to, column, targetColumn });
    }
  }
  return links;
}

function describe(entry: ExposedTable, fk: IntrospectedForeignKey): string {
  const target =
    fk.referencedSchema === undefined ? fk.referencedTable : `${fk.referencedSchema}.${fk.referencedTable}`;
  return `Foreign key "${fk.name}" (${entry.table.name}.${fk.columns.join(', ')} → ${target})`;
}

function isUniqueColumn(entry: ExposedTable, column: string): boolean {
  const isWholePrimaryKey = entry.primaryKey.length === 1 && entry.primaryKey[0] === column;
  return isWholePrimaryKey || entry.table.columns.some((c) => c.name === column && c.isUnique === true);
}

// Among several keys from one table to another, `<singular target>_id` (or `Id`) is the natural one.
function isCanonical(link: Link, links: readonly Link[]): boolean {
  const parallel = links.filter((other) => other.from === link.from && other.to === link.to);
  if (parallel.length === 1) return link.from !== link.to;
  const natural = (candidate: Link) => stripKeySuffix(candidate.column) === singular(candidate.to.table.name);
  return natural(link) && parallel.filter(natural).length === 1;
}

function* junctions(exposed: readonly ExposedTable[], links: readonly Link[]): Generator<[Link, Link]> {
  for (const entry of exposed) {
    const keys = [entry.primaryKey, ...entry.table.uniqueConstraints].filter((columns) => columns.length === 2);
    for (const [a, b] of keys) {
      const first = links.find((link) => link.from === entry && link.column === a);
      const second = links.find((link) => link.from === entry && link.column === b);
      if (first && second) {
        yield [first, second];
        break;
      }
    }
  }
}
