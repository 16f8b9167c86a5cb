import type { PlainConditionTree } from './messages';
import type { UserIdentity } from './user-identity';

/** The caller values a scope's `{{currentUser.*}}` placeholders stand for. */
export type ScopeUser = UserIdentity;

const PLACEHOLDER = /^\{\{currentUser\.(id|email|firstName|lastName|team|role|tags\.(.+))\}\}$/;

/** A scope names a placeholder the platform does not define, or a tag the user lacks. */
export class ScopeVariableError extends Error {
  override readonly name = 'ScopeVariableError';
}

/**
 * The scope with every `{{currentUser.*}}` leaf value (whole value, or item of an array value)
 * replaced by the user's value. A tag the user does not carry is an error rather than an empty
 * match, so that a misconfigured scope denies instead of silently widening or emptying.
 * @throws ScopeVariableError
 */
export function injectScopeVariables(tree: PlainConditionTree, user: ScopeUser): PlainConditionTree {
  if ('aggregator' in tree) {
    return {
      aggregator: tree.aggregator,
      conditions: tree.conditions.map((child) => injectScopeVariables(child, user)),
    };
  }
  if (Array.isArray(tree.value)) return { ...tree, value: tree.value.map((item) => replace(item, user)) };

  return 'value' in tree ? { ...tree, value: replace(tree.value, user) } : { ...tree };
}

function replace(value: unknown, user: ScopeUser): unknown {
  if (typeof value !== 'string' || !value.startsWith('{{')) return value;
  const match = PLACEHOLDER.exec(value);
  if (match === null) throw new ScopeVariableError(`The scope uses an unknown variable ${value}.`);
  const tag = match[2];
  if (tag === undefined) return user[match[1] as Exclude<keyof ScopeUser, 'tags'>];
  if (!Object.hasOwn(user.tags, tag)) {
    throw new ScopeVariableError(`The scope uses the tag "${tag}", which user ${user.email} does not have.`);
  }

  return user.tags[tag];
}
