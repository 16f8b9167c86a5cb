import type { z } from 'zod';
import type { AppContext } from '../../../../src/context';
import { runConditionStep } from '../../../../src/workflows/executor/steps/condition-step';
import type { StepContext } from '../../../../src/workflows/executor/steps/step-context';
import type { conditionStepSchema } from '../../../../src/workflows/workflow-schemas';

type Condition = z.infer<typeof conditionStepSchema>;

const contextWith = (record: Record<string, unknown> | undefined): StepContext => ({
  app: {} as AppContext,
  run: { id: 'run', recordId: '1', workflowName: 'w', collection: 'orders', user: { id: 1, email: 'a@example.com' } },
  environment: { id: 1, name: 'production', projectId: 1 },
  record,
  callAgent: () => Promise.reject(new Error('a condition calls no agent')),
});
const condition = (step: Omit<Condition, 'kind' | 'otherwise'>): Condition => ({
  kind: 'condition',
  otherwise: 'fail',
  ...step,
});
const holds = (step: Omit<Condition, 'kind' | 'otherwise'>, record: Record<string, unknown>) =>
  runConditionStep({ ...condition(step), otherwise: 'stop' }, contextWith(record)).isStop !== true;

describe('runConditionStep', () => {
  test.each([
    ['equal', 'amount', 10, { amount: '10' }, true],
    ['equal', 'status', 'paid', { status: 'open' }, false],
    ['not_equal', 'status', 'paid', { status: 'open' }, true],
    ['greater_than', 'amount', 100, { amount: 250 }, true],
    ['greater_than', 'amount', 100, { amount: 30 }, false],
    ['less_than', 'date', '2030-01-01', { date: '2029-12-31T10:00:00Z' }, true],
    ['less_than', 'amount', 100, { amount: null }, false],
    ['in', 'status', ['open', 'late'], { status: 'late' }, true],
    ['in', 'status', ['open', 'late'], { status: 'paid' }, false],
    ['present', 'note', undefined, { note: 'x' }, true],
    ['present', 'note', undefined, { note: '' }, false],
    ['blank', 'note', undefined, { note: [] }, true],
    ['blank', 'note', undefined, { note: 0 }, false],
  ] as const)('%s %s %j on %j holds: %s', (operator, field, value, record, expected) => {
    expect(holds({ field, operator, value }, record)).toBe(expected);
  });

  test('reports whether it held and the value it saw', () => {
    const result = runConditionStep(
      condition({ field: 'amount', operator: 'equal', value: 3 }),
      contextWith({ amount: 3 }),
    );

    expect(result).toEqual({ output: { isMet: true, actual: 3 }, attempts: 0 });
  });

  test('fails with its own message, or one naming the field, operator, value and what the record has', () => {
    const step = condition({ field: 'amount', operator: 'greater_than', value: 100 });

    expect(() => runConditionStep({ ...step, message: 'Too small.' }, contextWith({ amount: 1 }))).toThrow(
      'Too small.',
    );
    expect(() => runConditionStep(step, contextWith({ amount: 1 }))).toThrow(
      'Condition not met: amount greater_than 100 (the record has 1).',
    );
  });

  test('fails when no step read the record before it', () => {
    expect(() => runConditionStep(condition({ field: 'amount', operator: 'present' }), contextWith(undefined))).toThrow(
      expect.objectContaining({
        name: 'StepFailedError',
        message: expect.stringContaining('put a read step before it'),
      }),
    );
  });
});
