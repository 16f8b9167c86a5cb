export { type IntrospectOptions, introspect } from './introspect';
export type {
  IntrospectedColumn,
  IntrospectedForeignKey,
  IntrospectedTable,
  Introspection,
} from './introspection';
export { parseIntrospection } from './parse-introspection';
export { bigintValue, decimalValue } from './value-rules';
