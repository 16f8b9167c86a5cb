// The query model: what a request reads, which records, in which order, and how it aggregates.
export {
  AGGREGATION_OPERATIONS,
  Aggregation,
  type AggregationGroup,
  type AggregationOperation,
  type AggregationParts,
} from './aggregation';
export { Filter, type FilterParts } from './filter/filter';
export { FilterFactory } from './filter/filter-factory';
export { PaginatedFilter, type PaginatedFilterParts } from './filter/paginated-filter';
export { Page } from './page';
export { Projection } from './projection';
export { Sort, type SortClause } from './sort';
