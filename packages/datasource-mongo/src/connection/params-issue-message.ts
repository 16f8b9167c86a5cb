import { z } from 'zod';

/**
 * Words the issues of the connection parameters for the user: `required`, `expected a number,
 * received a string`, `expected a boolean or an object, received a string`, `unknown key (known:
 * …)`. Values are never echoed (a password may be among them). Issues it does not word keep zod's
 * message.
 * @internal
 */
export const paramsIssueMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? 'required'
        : `expected ${kindOfExpected(issue.expected)}, received ${kindOfValue(issue.input)}`;
    case 'invalid_union': {
      // One expected kind per alternative that failed on the type itself (tls: boolean or object).
      const expected = issue.errors.flatMap((alternative) =>
        alternative.flatMap((inner) =>
          inner.code === 'invalid_type' && inner.path.length === 0 ? [kindOfExpected(inner.expected)] : [],
        ),
      );
      return expected.length === 0
        ? undefined
        : `expected ${expected.join(' or ')}, received ${kindOfValue(issue.input)}`;
    }
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1
        ? 'must not be empty'
        : `expected ${issue.inclusive ? `${issue.minimum} or more` : `more than ${issue.minimum}`}`;
    case 'unrecognized_keys': {
      const known = issue.inst instanceof z.ZodObject ? Object.keys(issue.inst.shape) : [];
      return known.length === 0 ? 'unknown key' : `unknown key (known: ${known.join(', ')})`;
    }
    case 'too_big':
      return `expected ${issue.inclusive ? `${issue.maximum} or less` : `less than ${issue.maximum}`}`;
    default:
      return undefined;
  }
};

function kindOfExpected(expected: string): string {
  switch (expected) {
    case 'int':
      return 'an integer';
    case 'object':
    case 'record':
      return 'an object';
    case 'array':
      return 'an array';
    default:
      return `a ${expected}`;
  }
}

function kindOfValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' && !Number.isInteger(value)) {
    return Number.isFinite(value) ? 'a decimal number' : String(value);
  }
  const kind = typeof value;

  return kind === 'object' ? 'an object' : `a ${kind}`;
}
