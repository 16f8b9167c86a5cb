import { type ConditionTreeLeaf, escapeLikePattern } from '@platform/datasource-toolkit';
import { sql } from 'kysely';
import type { SqlFlavor } from '../../dialects/sql-flavor';
import type { ResolvedField } from '../joins/join-plan';
import { and, isNull, not, or, type SqlExpression, TRUE } from '../sql-expression';

/**
 * One native condition as SQL. Null semantics follow the toolkit's in-memory evaluation: a
 * condition on a null value is false, except `Missing` and the negative operators (`NotEqual`,
 * `NotIn`, `NotContains`, `NotIContains`, `IncludesNone`), which are true on null. So
 * `NotEqual v` is `col <> v OR col IS NULL`, and `Equal null` is `col IS NULL`.
 * @internal
 */
export function leafToSql(leaf: ConditionTreeLeaf, field: ResolvedField, flavor: SqlFlavor): SqlExpression {
  const { ref, column } = field;
  const bind = (value: unknown): unknown => flavor.toDatabase(value, column);
  const { value } = leaf;
  const list = Array.isArray(value) ? (value as readonly unknown[]) : [];
  const present = list.filter((item) => item !== null && item !== undefined);
  const hasNull = present.length < list.length;

  switch (leaf.operator) {
    case 'Missing':
      return isNull(ref);
    case 'Present':
      return holdsText(field) ? sql`(${ref} is not null and ${ref} <> '')` : sql`${ref} is not null`;
    case 'Blank':
      return holdsText(field) ? sql`(${ref} is null or ${ref} = '')` : isNull(ref);
    case 'Equal':
      return value === null ? isNull(ref) : sql`${ref} = ${bind(value)}`;
    case 'NotEqual':
      return value === null ? sql`${ref} is not null` : sql`(${ref} <> ${bind(value)} or ${ref} is null)`;
    case 'In': {
      const parts = present.length > 0 ? [inList(field, present.map(bind), flavor, false)] : [];
      return or(hasNull ? [...parts, isNull(ref)] : parts);
    }
    case 'NotIn': {
      const notIn = present.length > 0 ? inList(field, present.map(bind), flavor, true) : TRUE;
      return hasNull ? and([notIn, sql`${ref} is not null`]) : or([notIn, isNull(ref)]);
    }
    case 'LessThan':
      return sql`${ref} < ${bind(value)}`;
    case 'LessThanOrEqual':
      return sql`${ref} <= ${bind(value)}`;
    case 'GreaterThan':
      return sql`${ref} > ${bind(value)}`;
    case 'GreaterThanOrEqual':
      return sql`${ref} >= ${bind(value)}`;
    case 'Like':
    case 'ILike':
      return flavor.like(ref, String(value), leaf.operator === 'Like');
    case 'NotContains':
    case 'NotIContains': {
      const pattern = `%${escapeLikePattern(String(value))}%`;
      return sql`(${not(flavor.like(ref, pattern, leaf.operator === 'NotContains'))} or ${isNull(ref)})`;
    }
    case 'LongerThan':
      return sql`${flavor.charLength(ref)} > ${Number(value)}`;
    case 'ShorterThan':
      return sql`${flavor.charLength(ref)} < ${Number(value)}`;
    case 'Match': {
      const { source, flags } = toRegExpParts(value);
      return flavor.regexp(ref, source, flags.includes('i'));
    }
    case 'IncludesAll':
      return flavor.arrayContains(ref, list, column);
    case 'IncludesNone':
      return list.length === 0 ? TRUE : sql`(${isNull(ref)} or ${not(flavor.arrayOverlaps(ref, list, column))})`;
    default:
      // The equivalence layer rewrites every other operator before translation.
      throw new Error(`Operator ${leaf.operator} is not native and must be rewritten before translation.`);
  }
}

/**
 * Lists up to this length bind one parameter per value (`in ($1, $2)`), a shape the list
 * statement cache reuses; longer ones (a selection of thousands of ids) bind one array where
 * the dialect can, so no statement passes the database's parameter limit.
 */
const LONG_LIST = 1_000;

function inList(field: ResolvedField, values: readonly unknown[], flavor: SqlFlavor, negate: boolean): SqlExpression {
  const { ref } = field;
  const asOneParameter = values.length > LONG_LIST ? flavor.inArray?.(ref, values, negate) : undefined;
  if (asOneParameter) return asOneParameter;

  return negate ? sql`${ref} not in (${sql.join(values)})` : sql`${ref} in (${sql.join(values)})`;
}

/** Only text columns count the empty string as blank (as the toolkit's `isBlank`). */
function holdsText({ column }: ResolvedField): boolean {
  return !column.isOpaque && (column.columnType === 'String' || column.columnType === 'File');
}

function toRegExpParts(value: unknown): { source: string; flags: string } {
  if (value instanceof RegExp) return { source: value.source, flags: value.flags };
  const text = String(value);
  const literal = /^\/(.*)\/([a-z]*)$/s.exec(text);

  return literal ? { source: literal[1] ?? '', flags: literal[2] ?? '' } : { source: text, flags: '' };
}
