import type { ConditionTree, Page, Sort } from '@platform/datasource-toolkit';

/** What a list, count or export reads, already validated against the collection. */
export interface ListQuery {
  readonly conditionTree?: ConditionTree;
  readonly search?: string;
  readonly searchExtended: boolean;
  readonly segment?: string;
  readonly sort: Sort;
  readonly page: Page;
}
