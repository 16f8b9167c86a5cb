import type { ColumnType } from '../../../schema/column-type';
import { INTERVAL_OPERATORS, LIST_OPERATORS, type Operator, UNIQUE_OPERATORS } from '../../operators';
import { ConditionTreeLeaf } from '../condition-tree-leaf';

const SAMPLES: Partial<Record<string, unknown>> = {
  Number: 1,
  Date: '2000-01-01T00:00:00.000Z',
  Dateonly: '2000-01-01',
  Time: '00:00:00',
  Boolean: true,
};

/** A leaf with a typical value for `operator` on `columnType`, to test what rules can do. @internal */
export function sampleLeaf(operator: Operator, columnType: ColumnType): ConditionTreeLeaf {
  const scalar = typeof columnType === 'string' && columnType in SAMPLES ? SAMPLES[columnType] : 'sample';
  let value: unknown = scalar;
  if (UNIQUE_OPERATORS.includes(operator)) value = undefined;
  else if (LIST_OPERATORS.includes(operator)) value = [scalar];
  else if (INTERVAL_OPERATORS.includes(operator) || operator === 'LongerThan' || operator === 'ShorterThan') value = 1;
  else if (operator === 'Match') value = '/sample/';
  else if (typeof scalar !== 'string' && /Like|Contains|StartsWith|EndsWith/.test(operator)) value = 'sample';

  return new ConditionTreeLeaf('field', operator, value);
}
