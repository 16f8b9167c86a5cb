// Validators of requests and records against a collection's schema. Each throws typed errors
// (MissingFieldError, ValidationError) whose message lists what is allowed.
export { ConditionTreeValidator } from './condition-tree-validator';
export { FieldValidator } from './field-validator';
export { ProjectionValidator } from './projection-validator';
export { RecordValidator } from './record-validator';
export { SortValidator } from './sort-validator';
