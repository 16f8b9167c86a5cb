import type { ActionFieldType, ActionResult } from '@platform/datasource-toolkit';
import type { ActionContext } from './action-context';
import type { ActionContextBulk } from './action-context-bulk';
import type { ActionContextSingle } from './action-context-single';
import type { ActionFile } from './form/data-uri';
import type { ActionResultBuilder } from './result-builder';

// Re-exported so that the package entry can name every action type from this file.
export type { ActionContext } from './action-context';
export type { ActionContextBulk } from './action-context-bulk';
export type { ActionContextSingle } from './action-context-single';
export type { ActionFile } from './form/data-uri';
export type { ActionResultBuilder } from './result-builder';

/**
 * A property of a form element: a plain value, or a function of the action context computing it,
 * sync or async. Functions run on every form load and change, and before `execute`.
 */
export type ValueOrHandler<Context, Value> = Value | ((context: Context) => Value | Promise<Value>);

/** One choice of a `Dropdown` widget. */
export interface DropdownOption {
  readonly label: string;
  readonly value: string | number;
}

/**
 * The choices of a `Dropdown`: a list, or a function of the context and of what the user typed in
 * the search box (`null` outside a search, and always `null` unless `search` is `'dynamic'`).
 */
export type DropdownOptions<Context> =
  | readonly DropdownOption[]
  | ((context: Context, searchValue: string | null) => readonly DropdownOption[] | Promise<readonly DropdownOption[]>);

/**
 * A value a form field can hold: what JSON carries, plus `ActionFile`s for `File` fields (they are
 * sent to the form as data URIs). Not `unknown`, so that a function in its place gets its context
 * typed; a function may return anything (`context.getField` returns `unknown`).
 */
export type FormValue =
  | string
  | number
  | boolean
  | null
  | readonly unknown[]
  | { readonly [key: string]: unknown }
  | ActionFile;

interface BaseFormElement<Context> {
  /** Shown to the user, and the key of the field's value in `context.formValues`: unique per form. */
  readonly label: string;
  readonly description?: ValueOrHandler<Context, string>;
  readonly isRequired?: ValueOrHandler<Context, boolean>;
  readonly isReadOnly?: ValueOrHandler<Context, boolean>;
  /** The value on form load, and at `execute` when the submission omits the field. */
  readonly defaultValue?: FormValue | ((context: Context) => unknown);
  /**
   * The field's computed value, recomputed on every load and change. A read-only field always
   * executes with it; for an editable field the user's value wins at `execute`.
   */
  readonly value?: FormValue | ((context: Context) => unknown);
  readonly placeholder?: ValueOrHandler<Context, string>;
  /** Shows the field only when true. A hidden field is removed from the form and its value ignored. */
  readonly if?: ValueOrHandler<Context, boolean>;
}

/** Types a `Dropdown` widget can edit. */
export const DROPDOWN_FIELD_TYPES = [
  'String',
  'Number',
  'Date',
  'Dateonly',
  'Time',
  'StringList',
  'NumberList',
] as const;
export type DropdownFieldType = (typeof DROPDOWN_FIELD_TYPES)[number];

/** A field with no type-specific property. */
export interface PlainFormElement<Context> extends BaseFormElement<Context> {
  readonly type: Exclude<ActionFieldType, 'Enum' | 'EnumList' | 'Collection'>;
  readonly widget?: undefined;
}

/** `Enum` (one value) or `EnumList` (several values) among `enumValues`. */
export interface EnumFormElement<Context> extends BaseFormElement<Context> {
  readonly type: 'Enum' | 'EnumList';
  readonly enumValues: ValueOrHandler<Context, readonly string[]>;
  readonly widget?: undefined;
}

/** A record picker: its value is the packed id (`packId`) of a record of `collectionName`. */
export interface CollectionFormElement<Context> extends BaseFormElement<Context> {
  readonly type: 'Collection';
  readonly collectionName: ValueOrHandler<Context, string>;
  readonly widget?: undefined;
}

/** A field edited with a dropdown of `options`. */
export interface DropdownFormElement<Context> extends BaseFormElement<Context> {
  readonly type: DropdownFieldType;
  readonly widget: 'Dropdown';
  readonly options: DropdownOptions<Context>;
  /** `static`: the UI filters the options; `dynamic`: `options` is called with the search text. */
  readonly search?: 'static' | 'dynamic' | 'disabled';
}

/** One element of an action form (spec §2.4). */
export type ActionFormElement<Context> =
  | PlainFormElement<Context>
  | EnumFormElement<Context>
  | CollectionFormElement<Context>
  | DropdownFormElement<Context>;

interface BaseActionDefinition<Context> {
  readonly form?: ReadonlyArray<ActionFormElement<Context>>;
  readonly description?: string;
  /** The action answers with `resultBuilder.file(...)`: the UI downloads the response. */
  readonly generateFile?: boolean;
  readonly submitButtonLabel?: string;
  /**
   * Runs the action. Return one of `resultBuilder`'s results; returning nothing is
   * `resultBuilder.success()`. Throwing propagates the error unchanged: the toolkit's business
   * errors keep their meaning (a `ValidationError` is a 400), anything else is a 500. Show a
   * message to the user with `resultBuilder.error(message)` instead.
   */
  readonly execute: (
    context: Context,
    resultBuilder: ActionResultBuilder,
    // biome-ignore lint/suspicious/noConfusingVoidType: an async function without return statement returns Promise<void>.
  ) => ActionResult | void | Promise<ActionResult | void>;
}

/** An action run on the whole collection, with no selected record. */
export interface GlobalActionDefinition extends BaseActionDefinition<ActionContext> {
  readonly scope: 'Global';
}

/** An action run on several selected records. */
export interface BulkActionDefinition extends BaseActionDefinition<ActionContextBulk> {
  readonly scope: 'Bulk';
}

/** An action run on one selected record. */
export interface SingleActionDefinition extends BaseActionDefinition<ActionContextSingle> {
  readonly scope: 'Single';
}

/**
 * An action (spec §2.3): its scope decides the context `execute` and the form functions receive.
 *
 * @example
 * collection.addAction('Mark as paid', {
 *   scope: 'Single',
 *   form: [{ label: 'Amount', type: 'Number', isRequired: true }],
 *   execute: async (context, resultBuilder) => {
 *     await context.collection.update(context.caller, context.filter, { paid: context.formValues.Amount });
 *     return resultBuilder.success('Paid', { invalidated: ['invoices'] });
 *   },
 * });
 */
export type ActionDefinition = GlobalActionDefinition | BulkActionDefinition | SingleActionDefinition;
