import { type WorkflowDefinition, workflowDefinitionSchema } from '../../src/workflows/workflow-schemas';

const valid = (definition: unknown) => workflowDefinitionSchema.parse(definition);
const issuesOf = (definition: unknown) => {
  const result = workflowDefinitionSchema.safeParse(definition);
  if (result.success) throw new Error(`expected ${JSON.stringify(definition)} to be refused`);
  return result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};
const withSteps = (...steps: unknown[]) => ({ name: 'Pay', collection: 'invoices', steps });

describe('workflowDefinitionSchema', () => {
  describe('valid definitions', () => {
    test('accepts every step kind, trims names and defaults isActive to true', () => {
      const parsed: WorkflowDefinition = valid({
        name: '  Pay  ',
        collection: ' invoices ',
        steps: [
          { kind: 'read', fields: ['status', 'amount'], timeoutMs: 5000 },
          { kind: 'condition', field: 'status', operator: 'in', value: ['due', 'late'], otherwise: 'stop' },
          { kind: 'condition', field: 'paidAt', operator: 'blank', otherwise: 'fail', message: 'Already paid' },
          { kind: 'update', values: { status: 'paid' } },
          { kind: 'action', action: 'Send receipt', values: { copy: true } },
          { kind: 'note', title: 'Paid', content: 'Paid {{amount}}' },
          { kind: 'ai', prompt: 'Sum up {{status}}', system: 'Be brief', saveAs: { note: true } },
        ],
      });

      expect(parsed.name).toBe('Pay');
      expect(parsed.collection).toBe('invoices');
      expect(parsed.isActive).toBe(true);
      expect(parsed.steps.map((step) => step.kind)).toEqual([
        'read',
        'condition',
        'condition',
        'update',
        'action',
        'note',
        'ai',
      ]);
    });

    test('accepts an ai step saving a schema answer to a field', () => {
      const schema = { type: 'object', properties: { score: { type: 'number' } }, required: ['score'] };

      const [step] = valid(withSteps({ kind: 'ai', prompt: 'Score it', schema, saveAs: { field: 'score' } })).steps;

      expect(step).toEqual({ kind: 'ai', prompt: 'Score it', schema, saveAs: { field: 'score' } });
    });

    test('keeps isActive false, and a read step without fields', () => {
      expect(valid({ ...withSteps({ kind: 'read' }), isActive: false })).toMatchObject({
        isActive: false,
        steps: [{ kind: 'read' }],
      });
    });

    test('accepts a present condition without a value', () => {
      expect(
        valid(withSteps({ kind: 'condition', field: 'email', operator: 'present', otherwise: 'stop' })).steps,
      ).toHaveLength(1);
    });
  });

  describe('bad inputs', () => {
    test.each([
      ['no name', { collection: 'c', steps: [{ kind: 'read' }] }, 'name'],
      ['a blank name', { name: '  ', collection: 'c', steps: [{ kind: 'read' }] }, 'name'],
      ['no collection', { name: 'n', steps: [{ kind: 'read' }] }, 'collection'],
      ['no steps', { name: 'n', collection: 'c', steps: [] }, 'steps'],
      [
        'more than 50 steps',
        { name: 'n', collection: 'c', steps: Array.from({ length: 51 }, () => ({ kind: 'read' })) },
        'steps',
      ],
      ['an unknown top-level field', { ...withSteps({ kind: 'read' }), trigger: 'webhook' }, ''],
      ['a non-boolean isActive', { ...withSteps({ kind: 'read' }), isActive: 'yes' }, 'isActive'],
    ])('refuses a definition with %s', (_name, definition, path) => {
      expect(issuesOf(definition).map((issue) => issue.path)).toContain(path);
    });

    test.each([
      ['an unknown kind', { kind: 'delete' }, 'steps.0.kind'],
      ['an unknown field on a step', { kind: 'read', limit: 1 }, 'steps.0'],
      ['an empty fields list', { kind: 'read', fields: [] }, 'steps.0.fields'],
      ['a timeout under 100 ms', { kind: 'read', timeoutMs: 99 }, 'steps.0.timeoutMs'],
      ['a timeout over 5 minutes', { kind: 'read', timeoutMs: 300_001 }, 'steps.0.timeoutMs'],
      ['an update without values', { kind: 'update', values: {} }, 'steps.0.values'],
      ['an action without its name', { kind: 'action', action: ' ' }, 'steps.0.action'],
      ['a note without content', { kind: 'note', content: '' }, 'steps.0.content'],
      ['an ai step without a prompt', { kind: 'ai', prompt: ' ', saveAs: { note: true } }, 'steps.0.prompt'],
      ['an ai step without saveAs', { kind: 'ai', prompt: 'Hi' }, 'steps.0.saveAs'],
      ['an ai step saving nowhere', { kind: 'ai', prompt: 'Hi', saveAs: { note: false } }, 'steps.0.saveAs'],
      [
        'an ai step saving to a blank field',
        { kind: 'ai', prompt: 'Hi', saveAs: { field: ' ' } },
        'steps.0.saveAs.field',
      ],
      [
        'an ai step whose schema is no object',
        { kind: 'ai', prompt: 'Hi', schema: 'json', saveAs: { note: true } },
        'steps.0.schema',
      ],
      [
        'a condition with an unknown operator',
        { kind: 'condition', field: 'a', operator: 'like', value: 1, otherwise: 'stop' },
        'steps.0.operator',
      ],
      [
        'a condition without otherwise',
        { kind: 'condition', field: 'a', operator: 'equal', value: 1 },
        'steps.0.otherwise',
      ],
      [
        'an equal condition without a value',
        { kind: 'condition', field: 'a', operator: 'equal', otherwise: 'stop' },
        'steps.0.value',
      ],
      [
        'an in condition with a single value',
        { kind: 'condition', field: 'a', operator: 'in', value: 'x', otherwise: 'stop' },
        'steps.0.value',
      ],
    ])('refuses a step with %s', (_name, step, path) => {
      expect(issuesOf(withSteps(step)).map((issue) => issue.path)).toContain(path);
    });

    test('words the issues for a person fixing the file', () => {
      expect(
        issuesOf(withSteps({ kind: 'condition', field: 'a', operator: 'in', value: 'x', otherwise: 'stop' })),
      ).toEqual([{ path: 'steps.0.value', message: "expected a list of values for 'in'" }]);
      expect(issuesOf({ name: 'n', collection: 'c', steps: [] })).toEqual([
        { path: 'steps', message: 'expected at least one step' },
      ]);
    });
  });
});
