import type { Operator } from '../operators';

/** How a branch combines its conditions. */
export type Aggregator = 'And' | 'Or';

/** The JSON form of a leaf: `{ field: 'author:name', operator: 'Equal', value: 'Ada' }`. */
export type PlainConditionTreeLeaf = { field: string; operator: Operator; value?: unknown };

/** The JSON form of a branch: `{ aggregator: 'And', conditions: [...] }`. */
export type PlainConditionTreeBranch = { aggregator: Aggregator; conditions: PlainConditionTree[] };

/** The JSON form of a condition tree, as routes receive it and datasources may store it. */
export type PlainConditionTree = PlainConditionTreeLeaf | PlainConditionTreeBranch;
