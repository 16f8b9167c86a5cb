import { allowedOperatorsForColumnType } from '@platform/datasource-toolkit';

describe('allowedOperatorsForColumnType', () => {
  test('every type allows presence operators', () => {
    for (const type of ['Boolean', 'Number', 'String', 'Json', ['String'], { a: 'Number' }] as const) {
      expect(allowedOperatorsForColumnType(type).has('Present')).toBe(true);
    }
  });

  test('text operators are allowed on strings only', () => {
    expect(allowedOperatorsForColumnType('String').has('Contains')).toBe(true);
    expect(allowedOperatorsForColumnType('Number').has('Contains')).toBe(false);
    expect(allowedOperatorsForColumnType('Uuid').has('Like')).toBe(false);
  });

  test('date operators are allowed on Date and Dateonly', () => {
    expect(allowedOperatorsForColumnType('Date').has('PreviousQuarter')).toBe(true);
    expect(allowedOperatorsForColumnType('Dateonly').has('Today')).toBe(true);
    expect(allowedOperatorsForColumnType('Time').has('Today')).toBe(false);
  });

  test('array operators are allowed on arrays only', () => {
    expect(allowedOperatorsForColumnType(['String']).has('IncludesAll')).toBe(true);
    expect(allowedOperatorsForColumnType('String').has('IncludesAll')).toBe(false);
  });

  test('object columns only allow presence operators', () => {
    expect([...allowedOperatorsForColumnType({ a: 'Number' })]).toEqual(['Present', 'Blank', 'Missing']);
  });
});
