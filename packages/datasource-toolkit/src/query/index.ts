export * from './aggregation';
export * from './filter/filter';
export * from './filter/paginated-filter';
export * from './page';
export * from './projection';
export * from './sort';
