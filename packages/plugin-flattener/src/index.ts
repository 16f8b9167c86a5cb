// The public surface of @platform/plugin-flattener: every exported name is listed here.
export { FLATTEN_SEPARATOR, flattenedFieldName } from './field-name';
export { type FlattenColumnOptions, flattenColumn } from './flatten-column';
export { type FlattenJsonColumnOptions, flattenJsonColumn } from './flatten-json-column';
export { type FlattenRelationOptions, flattenRelation } from './flatten-relation';
