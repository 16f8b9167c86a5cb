import { LRUCache } from 'lru-cache';
import type { Operator } from '../../operators';
import { ConditionTreeLeaf } from '../condition-tree-leaf';
import { escapeRegExp } from './escape-regexp';

/**
 * Escapes `%`, `_` and `\` so that `value` matches itself in a `Like` pattern. Our `Like` patterns
 * use a backslash as escape character (the default of PostgreSQL and MySQL; other databases need
 * `ESCAPE '\'`).
 */
export function escapeLikePattern(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The regular expression equivalent to a `Like` pattern: `%` is any run of characters, `_` one
 * character, `\` escapes the next character. The whole string must match.
 *
 * Its meaning needs no flag but `i`: `%` and `_` are `[\s\S]`, not `.` with the `s` flag, since
 * drivers may drop flags (MongoDB's BSON encoder keeps `i` and `m` only) and a pattern must match
 * across line breaks wherever it runs. The `u` flag makes `_` one code point in JavaScript, as it
 * is one character in a database.
 *
 * @example likeToRegExp('100\\%%', false).test('100% sure') // true
 */
export function likeToRegExp(pattern: string, caseInsensitive: boolean): RegExp {
  const key = `${caseInsensitive ? 'i' : 's'}${pattern}`;
  let regExp = cache.get(key);
  if (!regExp) {
    regExp = compileLike(pattern, caseInsensitive);
    cache.set(key, regExp);
  }

  return regExp;
}

// Filtering a list evaluates one pattern per record: each pattern is compiled once, and past this
// many patterns the least recently used is dropped.
const cache = new LRUCache<string, RegExp>({ max: 200 });

function compileLike(pattern: string, caseInsensitive: boolean): RegExp {
  let source = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index] as string;
    if (char === '\\' && index + 1 < pattern.length) {
      index += 1;
      source += escapeRegExp(pattern[index] as string);
    } else if (char === '%') source += '[\\s\\S]*';
    else if (char === '_') source += '[\\s\\S]';
    else source += escapeRegExp(char);
  }

  return new RegExp(`^${source}$`, caseInsensitive ? 'iu' : 'u');
}

type PatternOperator = 'Contains' | 'StartsWith' | 'EndsWith' | 'IContains' | 'IStartsWith' | 'IEndsWith';

const PATTERNS: Record<PatternOperator, { readonly like: Operator; readonly wrap: (v: string) => string }> = {
  Contains: { like: 'Like', wrap: (v) => `%${v}%` },
  StartsWith: { like: 'Like', wrap: (v) => `${v}%` },
  EndsWith: { like: 'Like', wrap: (v) => `%${v}` },
  IContains: { like: 'ILike', wrap: (v) => `%${v}%` },
  IStartsWith: { like: 'ILike', wrap: (v) => `${v}%` },
  IEndsWith: { like: 'ILike', wrap: (v) => `%${v}` },
};

export function isPatternOperator(operator: Operator): operator is PatternOperator {
  return Object.hasOwn(PATTERNS, operator);
}

/** `Contains 'a%'` becomes `Like '%a\%%'`; the case-insensitive operators become `ILike`. */
export function toLikeLeaf(leaf: {
  readonly field: string;
  readonly operator: PatternOperator;
  readonly value?: unknown;
}): ConditionTreeLeaf {
  const { like, wrap } = PATTERNS[leaf.operator];

  return new ConditionTreeLeaf(leaf.field, like, wrap(escapeLikePattern(String(leaf.value ?? ''))));
}
