import { type Caller, type Filter, type RecordData, ValidationError } from '@platform/datasource-toolkit';
import { createCollectionContext } from '../../context/collection-customization-context';
import { CollectionDecorator } from '../collection-decorator';
import type { OverrideCreateHandler, OverrideDeleteHandler, OverrideUpdateHandler } from './types';

/**
 * Replaces the writes of a collection with user handlers (`overrideCreate`, `overrideUpdate`,
 * `overrideDelete`). Sits at the bottom of the stack, right above the data source: every other
 * layer (hooks, validation, write replacements, binary modes...) still applies around a handler,
 * which only replaces what the database does. Calling one again replaces the previous handler.
 */
export class OverrideCollectionDecorator extends CollectionDecorator {
  protected createHandler: OverrideCreateHandler | null = null;
  protected updateHandler: OverrideUpdateHandler | null = null;
  protected deleteHandler: OverrideDeleteHandler | null = null;

  /** @throws ValidationError when `handler` is not a function. */
  addCreateHandler(handler: OverrideCreateHandler): void {
    this.createHandler = this.checkHandler('create', handler);
    this.markSchemaAsDirty();
  }

  /** @throws ValidationError when `handler` is not a function. */
  addUpdateHandler(handler: OverrideUpdateHandler): void {
    this.updateHandler = this.checkHandler('update', handler);
    this.markSchemaAsDirty();
  }

  /** @throws ValidationError when `handler` is not a function. */
  addDeleteHandler(handler: OverrideDeleteHandler): void {
    this.deleteHandler = this.checkHandler('delete', handler);
    this.markSchemaAsDirty();
  }

  override get isCustomized(): boolean {
    return this.createHandler !== null || this.updateHandler !== null || this.deleteHandler !== null;
  }

  override async create(caller: Caller, data: RecordData[]): Promise<RecordData[]> {
    if (!this.createHandler) return super.create(caller, data);

    const created = await this.createHandler(Object.freeze({ ...this.context(caller), data }));
    if (!Array.isArray(created)) {
      // A broken customization, not a bad request: it surfaces as a 500.
      throw new Error(
        `The create override of '${this.name}' must return the created records (an array), got ${typeof created}.`,
      );
    }

    return created;
  }

  override async update(caller: Caller, filter: Filter, patch: RecordData): Promise<void> {
    if (!this.updateHandler) return super.update(caller, filter, patch);

    await this.updateHandler(Object.freeze({ ...this.context(caller), filter, patch }));
  }

  override async delete(caller: Caller, filter: Filter): Promise<void> {
    if (!this.deleteHandler) return super.delete(caller, filter);

    await this.deleteHandler(Object.freeze({ ...this.context(caller), filter }));
  }

  /** The child as the context's collection, so that a handler may delegate to the original write. */
  private context(caller: Caller) {
    return createCollectionContext(this.childCollection, caller);
  }

  private checkHandler<H>(kind: 'create' | 'update' | 'delete', handler: H): H {
    if (typeof handler !== 'function') {
      throw new ValidationError(
        `Invalid ${kind} override for '${this.name}': expected a function of the context, got ${typeof handler}.`,
      );
    }

    return handler;
  }
}
