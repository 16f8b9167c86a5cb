import type {
  AggregateResult,
  Aggregation,
  Filter,
  PaginatedFilter,
  Projection,
  RecordData,
} from '@platform/datasource-toolkit';
import type { CollectionCustomizationContext } from '../../context/collection-customization-context';

export const HOOK_POSITIONS = ['Before', 'After'] as const;
export type HookPosition = (typeof HOOK_POSITIONS)[number];

export const HOOK_TYPES = ['List', 'Create', 'Update', 'Delete', 'Aggregate'] as const;
export type HookType = (typeof HOOK_TYPES)[number];

/**
 * What every hook receives: the caller, the collection and data source at the hooks layer, and
 * helpers that abort the operation with a typed error (the HTTP layer maps ValidationError to 400,
 * ForbiddenError to 403, UnprocessableError to 422; any other error thrown becomes a 500).
 */
export interface HookContext extends CollectionCustomizationContext {
  /** @throws ValidationError with `message` (a bad request). */
  throwValidationError(message: string): never;
  /** @throws ForbiddenError with `message` (the caller may not do this). */
  throwForbiddenError(message: string): never;
  /** @throws UnprocessableError with `message` (refused for a business reason). */
  throwError(message: string): never;
}

export interface HookBeforeListContext extends HookContext {
  readonly filter: PaginatedFilter;
  readonly projection: Projection;
}
export interface HookAfterListContext extends HookBeforeListContext {
  readonly records: readonly RecordData[];
}

export interface HookBeforeCreateContext extends HookContext {
  /** The records to create. A Before hook may change them in place; the changes are written. */
  readonly data: RecordData[];
}
export interface HookAfterCreateContext extends HookBeforeCreateContext {
  /** The records as created (with their generated ids). */
  readonly records: readonly RecordData[];
}

export interface HookBeforeUpdateContext extends HookContext {
  readonly filter: Filter;
  /** The changes. A Before hook may change them in place; the changes are written. */
  readonly patch: RecordData;
}
export type HookAfterUpdateContext = HookBeforeUpdateContext;

export interface HookBeforeDeleteContext extends HookContext {
  readonly filter: Filter;
}
export type HookAfterDeleteContext = HookBeforeDeleteContext;

export interface HookBeforeAggregateContext extends HookContext {
  readonly filter: Filter;
  readonly aggregation: Aggregation;
  readonly limit?: number;
}
export interface HookAfterAggregateContext extends HookBeforeAggregateContext {
  readonly aggregateResult: readonly AggregateResult[];
}

/** The context of each hook position and type. */
export interface HookContexts {
  Before: {
    List: HookBeforeListContext;
    Create: HookBeforeCreateContext;
    Update: HookBeforeUpdateContext;
    Delete: HookBeforeDeleteContext;
    Aggregate: HookBeforeAggregateContext;
  };
  After: {
    List: HookAfterListContext;
    Create: HookAfterCreateContext;
    Update: HookAfterUpdateContext;
    Delete: HookAfterDeleteContext;
    Aggregate: HookAfterAggregateContext;
  };
}

/**
 * A hook: runs before or after an operation, in registration order with the other hooks of the
 * same position and type. A Before hook that throws aborts the operation (nothing is written or
 * read) and its error reaches the caller as thrown: use the context's `throw*` helpers so that it
 * carries the right kind. An After hook that throws fails the request, but a write is already done.
 *
 * @example
 * collection.addHook('Before', 'Create', (context) => {
 *   if (context.data.some((record) => !record.title)) context.throwValidationError('A title is required.');
 * });
 */
export type HookHandler<P extends HookPosition = HookPosition, T extends HookType = HookType> = (
  context: HookContexts[P][T],
) => void | Promise<void>;
