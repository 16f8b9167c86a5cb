import {
  type ActionScope,
  type Caller,
  type Collection,
  type CompositeId,
  type DataSource,
  Filter,
  getCompositeId,
  packId,
  type RecordData,
} from '@platform/datasource-toolkit';
import {
  type CollectionCustomizationContext,
  createCollectionContext,
} from '../../context/collection-customization-context';
import type { RecordsLoader } from './records-loader';

/** @internal What the decorator gives every action context. */
export interface ActionContextOptions {
  readonly actionName: string;
  readonly collection: Collection;
  readonly caller: Caller;
  readonly filter: Filter | undefined;
  readonly formValues: RecordData;
  readonly records: RecordsLoader;
  /** The field the user just changed (form `change` hook). */
  readonly changedField?: string;
  /** Told about each form value a function reads: those fields get `watchChanges`. */
  readonly onFieldRead?: (fieldName: string) => void;
}

/** @internal What the contexts of every scope share. */
export abstract class BaseActionContext implements CollectionCustomizationContext {
  readonly caller: Caller;
  readonly collection: Collection;
  readonly dataSource: DataSource;
  /** The records the action targets (an empty filter when the request selected none). */
  readonly filter: Filter;
  /**
   * The form's values, keyed by field label. In `execute` they are validated and decoded (a `File`
   * is `{ mimeType, buffer, name, charset? }`, a `Collection` value a composite id); in form
   * functions they are the values as the form sent them.
   */
  readonly formValues: Readonly<RecordData>;
  protected abstract readonly scope: ActionScope;
  protected readonly actionName: string;
  protected readonly records: RecordsLoader;
  private readonly changedField: string | undefined;
  private readonly onFieldRead: ((fieldName: string) => void) | undefined;

  constructor(options: ActionContextOptions) {
    const base = createCollectionContext(options.collection, options.caller);
    this.caller = base.caller;
    this.collection = base.collection;
    this.dataSource = base.dataSource;
    this.filter = options.filter ?? new Filter();
    this.actionName = options.actionName;
    this.records = options.records;
    this.changedField = options.changedField;
    this.onFieldRead = options.onFieldRead;
    this.formValues = this.trackReads(options.formValues);
  }

  /** True in a form `change` hook when `fieldName` is the field the user just changed. */
  hasFieldChanged(fieldName: string): boolean {
    this.onFieldRead?.(fieldName);

    return this.changedField === fieldName;
  }

  protected async loadCompositeIds(): Promise<CompositeId[]> {
    const records = await this.records.load([]);

    return records.map((record) => getCompositeId(this.collection.schema, record));
  }

  /** The primary key value, or the packed id when the primary key is composite. */
  protected toRecordId(id: CompositeId): string | number {
    return id.length === 1 ? (id[0] as string | number) : packId(this.collection.schema, id);
  }

  /** The error of a method this scope does not have. */
  protected unavailable(method: string, hint: string): Error {
    return new Error(
      `context.${method}() is not available in ${this.scope} action '${this.actionName}' of ` +
        `'${this.collection.name}': ${hint}`,
    );
  }

  private trackReads(values: RecordData): Readonly<RecordData> {
    const onFieldRead = this.onFieldRead;
    if (onFieldRead === undefined) return Object.freeze({ ...values });

    return new Proxy(values, {
      get(target, property, receiver) {
        if (typeof property === 'string') onFieldRead(property);
        return Reflect.get(target, property, receiver);
      },
      set: () => false,
      deleteProperty: () => false,
    });
  }
}

/** @internal */
export const SINGLE_ONLY = 'it is for Single actions only; use getRecords(fields) or getRecordIds().';
/** @internal */
export const NO_SELECTION = 'a Global action has no selected records; query context.collection with context.filter.';
