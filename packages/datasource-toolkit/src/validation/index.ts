export * from './condition-tree-validator';
export * from './field-validator';
export * from './projection-validator';
export * from './record-validator';
export * from './sort-validator';
