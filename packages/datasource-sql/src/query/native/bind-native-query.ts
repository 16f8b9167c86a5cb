import { ValidationError } from '@platform/datasource-toolkit';
import { sql } from 'kysely';
import type { SqlExpression } from '../sql-expression';

/**
 * A native query with its `$name` variables bound as parameters: `select * from books where
 * author_id = $authorId` runs as `... author_id = $1` (or `?`) with the value of `authorId`.
 * Variables inside string literals, quoted identifiers, comments and PostgreSQL dollar-quoted
 * strings are left alone, as are positional markers such as `$1`. The text around the variables
 * is the user's SQL, sent as written: never put user input there, only in variables.
 *
 * @throws ValidationError when the query names a variable that `contextVariables` lacks.
 * @internal
 */
export function bindNativeQuery(
  query: string,
  contextVariables: Readonly<Record<string, unknown>> = {},
): SqlExpression {
  const parts: SqlExpression[] = [];
  let text = '';
  let index = 0;
  while (index < query.length) {
    const skipped = skipQuoted(query, index);
    if (skipped > index) {
      text += query.slice(index, skipped);
      index = skipped;
      continue;
    }
    const variable = /^\$([A-Za-z_][A-Za-z0-9_]*)/.exec(query.slice(index));
    if (variable && query[index + variable[0].length] !== '$') {
      const name = variable[1] as string;
      if (!Object.hasOwn(contextVariables, name)) {
        throw new ValidationError(
          `Native query variable '$${name}' has no value. Given variables: ${Object.keys(contextVariables).join(', ') || 'none'}.`,
          { details: { variable: name } },
        );
      }
      parts.push(sql.raw(text), sql.val(contextVariables[name]));
      text = '';
      index += variable[0].length;
      continue;
    }
    text += query[index];
    index += 1;
  }
  parts.push(sql.raw(text));

  return sql.join(parts, sql.raw(''));
}

/** The index after a quoted section or comment starting at `index`, or `index` when none starts there. */
function skipQuoted(query: string, index: number): number {
  const char = query[index];
  const rest = query.slice(index);
  if (char === "'" || char === '"' || char === '`') {
    let end = index + 1;
    while (end < query.length) {
      if (query[end] === '\\' && char === "'") end += 2;
      else if (query[end] === char) {
        if (query[end + 1] === char) end += 2;
        else return end + 1;
      } else end += 1;
    }
    return query.length;
  }
  if (rest.startsWith('--')) {
    const end = query.indexOf('\n', index);
    return end === -1 ? query.length : end;
  }
  if (rest.startsWith('/*')) {
    const end = query.indexOf('*/', index + 2);
    return end === -1 ? query.length : end + 2;
  }
  const dollarTag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(rest);
  if (dollarTag) {
    const end = query.indexOf(dollarTag[0], index + dollarTag[0].length);
    return end === -1 ? query.length : end + dollarTag[0].length;
  }

  return index;
}
