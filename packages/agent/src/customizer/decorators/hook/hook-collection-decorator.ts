import {
  type AggregateResult,
  type Aggregation,
  type Caller,
  type Filter,
  type PaginatedFilter,
  type Projection,
  type RecordData,
  ValidationError,
} from '@platform/datasource-toolkit';
import { CollectionDecorator } from '../collection-decorator';
import { createHookContext } from './hook-context';
import {
  HOOK_POSITIONS,
  HOOK_TYPES,
  type HookContext,
  type HookContexts,
  type HookHandler,
  type HookPosition,
  type HookType,
} from './types';

/**
 * Runs the user's Before and After hooks around List, Create, Update, Delete and Aggregate.
 * Hooks of one position and type run one after the other, in registration order. A Before hook
 * that throws aborts the operation: the child is not called and the error reaches the caller as is.
 */
export class HookCollectionDecorator extends CollectionDecorator {
  protected readonly hooks: Array<{ position: HookPosition; type: HookType; handler: HookHandler }> = [];

  /** @throws ValidationError for an unknown position or type, or a handler that is not a function. */
  addHook<P extends HookPosition, T extends HookType>(position: P, type: T, handler: HookHandler<P, T>): void {
    if (!HOOK_POSITIONS.includes(position)) {
      throw new ValidationError(
        `Unknown hook position ${JSON.stringify(position)} on '${this.name}': expected one of ${HOOK_POSITIONS.join(', ')}.`,
      );
    }
    if (!HOOK_TYPES.includes(type)) {
      throw new ValidationError(
        `Unknown hook type ${JSON.stringify(type)} on '${this.name}': expected one of ${HOOK_TYPES.join(', ')}.`,
      );
    }
    if (typeof handler !== 'function') {
      throw new ValidationError(
        `Invalid ${position} ${type} hook on '${this.name}': expected a function of the context.`,
      );
    }
    // Stored widened: `run` only ever calls a handler with the context of its own position and type.
    this.hooks.push({ position, type, handler: handler as unknown as HookHandler });
    this.markSchemaAsDirty();
  }

  override get isCustomized(): boolean {
    return this.hooks.length > 0;
  }

  override async list(caller: Caller, filter: PaginatedFilter, projection: Projection): Promise<RecordData[]> {
    await this.run('Before', 'List', caller, { filter, projection });
    const records = await super.list(caller, filter, projection);
    await this.run('After', 'List', caller, { filter, projection, records });

    return records;
  }

  override async create(caller: Caller, data: RecordData[]): Promise<RecordData[]> {
    await this.run('Before', 'Create', caller, { data });
    const records = await super.create(caller, data);
    await this.run('After', 'Create', caller, { data, records });

    return records;
  }

  override async update(caller: Caller, filter: Filter, patch: RecordData): Promise<void> {
    await this.run('Before', 'Update', caller, { filter, patch });
    await super.update(caller, filter, patch);
    await this.run('After', 'Update', caller, { filter, patch });
  }

  override async delete(caller: Caller, filter: Filter): Promise<void> {
    await this.run('Before', 'Delete', caller, { filter });
    await super.delete(caller, filter);
    await this.run('After', 'Delete', caller, { filter });
  }

  override async aggregate(
    caller: Caller,
    filter: Filter,
    aggregation: Aggregation,
    limit?: number,
  ): Promise<AggregateResult[]> {
    await this.run('Before', 'Aggregate', caller, { filter, aggregation, limit });
    const aggregateResult = await super.aggregate(caller, filter, aggregation, limit);
    await this.run('After', 'Aggregate', caller, { filter, aggregation, limit, aggregateResult });

    return aggregateResult;
  }

  private async run<P extends HookPosition, T extends HookType>(
    position: P,
    type: T,
    caller: Caller,
    properties: Omit<HookContexts[P][T], keyof HookContext>,
  ): Promise<void> {
    const hooks = this.hooks.filter((hook) => hook.position === position && hook.type === type);
    if (hooks.length === 0) return;

    const context = createHookContext(this, caller, properties);
    // One after the other: a hook may rely on what an earlier one checked or changed.
    for (const { handler } of hooks) await handler(context as unknown as HookContexts[P][T]);
  }
}
