import { injectScopeVariables, type PlainConditionTree, plainConditionTreeSchema, ScopeVariableError } from '../src';

const user = {
  id: 7,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  team: 'Ops',
  role: 'Editor',
  tags: { region: 'EU' },
};

describe('injectScopeVariables', () => {
  it('replaces whole values and array items, at any depth', () => {
    const scope: PlainConditionTree = {
      aggregator: 'And',
      conditions: [
        { field: 'ownerId', operator: 'Equal', value: '{{currentUser.id}}' },
        {
          aggregator: 'Or',
          conditions: [
            { field: 'region', operator: 'In', value: ['{{currentUser.tags.region}}', 'World'] },
            { field: 'team', operator: 'Equal', value: '{{currentUser.team}}' },
            { field: 'note', operator: 'Equal', value: 'not {{currentUser.id}}' },
            { field: 'archivedAt', operator: 'Missing' },
          ],
        },
      ],
    };

    expect(injectScopeVariables(scope, user)).toEqual({
      aggregator: 'And',
      conditions: [
        { field: 'ownerId', operator: 'Equal', value: 7 },
        {
          aggregator: 'Or',
          conditions: [
            { field: 'region', operator: 'In', value: ['EU', 'World'] },
            { field: 'team', operator: 'Equal', value: 'Ops' },
            { field: 'note', operator: 'Equal', value: 'not {{currentUser.id}}' },
            { field: 'archivedAt', operator: 'Missing' },
          ],
        },
      ],
    });
  });

  it('refuses an unknown variable and a tag the user lacks', () => {
    expect(() =>
      injectScopeVariables({ field: 'x', operator: 'Equal', value: '{{currentUser.password}}' }, user),
    ).toThrow(new ScopeVariableError('The scope uses an unknown variable {{currentUser.password}}.'));
    expect(() =>
      injectScopeVariables({ field: 'x', operator: 'Equal', value: '{{currentUser.tags.country}}' }, user),
    ).toThrow('The scope uses the tag "country", which user ada@example.com does not have.');
  });
});

describe('plainConditionTreeSchema', () => {
  it('accepts leaves and branches, refuses other shapes', () => {
    expect(plainConditionTreeSchema.safeParse({ field: 'a', operator: 'Present' }).success).toBe(true);
    expect(
      plainConditionTreeSchema.safeParse({
        aggregator: 'Or',
        conditions: [{ field: 'a', operator: 'Equal', value: 1 }],
      }).success,
    ).toBe(true);
    expect(plainConditionTreeSchema.safeParse({ aggregator: 'Xor', conditions: [] }).success).toBe(false);
    expect(plainConditionTreeSchema.safeParse({ field: '', operator: 'Equal' }).success).toBe(false);
  });

  it('refuses trees deeper than the limit', () => {
    let tree: PlainConditionTree = { field: 'a', operator: 'Present' };
    for (let depth = 0; depth < 20; depth += 1) tree = { aggregator: 'And', conditions: [tree] };

    expect(plainConditionTreeSchema.safeParse(tree).success).toBe(false);
  });
});
