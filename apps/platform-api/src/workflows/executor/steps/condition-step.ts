import type { z } from 'zod';
import type { conditionStepSchema } from '../../workflow-schemas';
import { StepFailedError } from '../executor-errors';
import { fieldValue } from '../render-placeholders';
import type { StepContext, StepResult } from './step-context';

type ConditionStep = z.infer<typeof conditionStepSchema>;

/**
 * Checks `field <operator> value` on the record as last read. When it holds the run goes on; when
 * not, `otherwise: 'stop'` ends the run as succeeded and `'fail'` fails the step with `message`.
 */
export function runConditionStep(step: ConditionStep, context: StepContext): StepResult {
  if (context.record === undefined) {
    throw new StepFailedError(`The condition on '${step.field}' has no record to check: put a read step before it.`);
  }
  const actual = fieldValue(context.record, step.field);
  const isMet = holds(step, actual);
  const output = { isMet, actual: actual ?? null };
  if (isMet) return { output, attempts: 0 };
  if (step.otherwise === 'stop') return { output, attempts: 0, isStop: true };
  throw new StepFailedError(
    step.message ??
      `Condition not met: ${step.field} ${step.operator}${step.value === undefined ? '' : ` ${JSON.stringify(step.value)}`} ` +
        `(the record has ${JSON.stringify(actual ?? null)}).`,
  );
}

function holds(step: ConditionStep, actual: unknown): boolean {
  switch (step.operator) {
    case 'equal':
      return isEqual(actual, step.value);
    case 'not_equal':
      return !isEqual(actual, step.value);
    case 'present':
      return !isBlank(actual);
    case 'blank':
      return isBlank(actual);
    case 'greater_than':
      return compare(actual, step.value) > 0;
    case 'less_than':
      return compare(actual, step.value) < 0;
    case 'in':
      return Array.isArray(step.value) && step.value.some((candidate) => isEqual(actual, candidate));
    default: {
      const unknownOperator: never = step.operator;
      throw new Error(`Unknown condition operator ${String(unknownOperator)}`);
    }
  }
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

// Agents may send numbers, decimals and dates as strings: scalars compare by their text.
function isEqual(actual: unknown, expected: unknown): boolean {
  if (actual === expected) return true;
  if (isBlank(actual) || isBlank(expected)) return false;
  if (typeof actual === 'object' || typeof expected === 'object')
    return JSON.stringify(actual) === JSON.stringify(expected);
  return String(actual) === String(expected);
}

/** Numbers numerically, anything else (ISO dates included) by its text; NaN (never holds) for blanks. */
function compare(actual: unknown, expected: unknown): number {
  if (isBlank(actual) || isBlank(expected)) return Number.NaN;
  const [left, right] = [Number(actual), Number(expected)];
  if (Number.isFinite(left) && Number.isFinite(right)) return left - right;
  return String(actual).localeCompare(String(expected));
}
