import { type Operator, RELATIVE_DATE_OPERATORS } from '../../operators';

export { RELATIVE_DATE_OPERATORS };

export type RelativeDateOperator = (typeof RELATIVE_DATE_OPERATORS)[number];

export function isRelativeDateOperator(operator: Operator): operator is RelativeDateOperator {
  return (RELATIVE_DATE_OPERATORS as readonly Operator[]).includes(operator);
}
