import {
  type ActionFieldType,
  type ActionFormField,
  type DataSource,
  type RecordData,
  ValidationError,
} from '@platform/datasource-toolkit';
import type { ActionContext } from '../action-context';
import type { ActionContextBulk } from '../action-context-bulk';
import type { ActionContextSingle } from '../action-context-single';
import { isOptionList, isStringArray } from '../check-action-definition';
import type { ActionFormElement, DropdownOption } from '../types';
import { isActionFile, toDataUri } from './data-uri';
import type { FormMode } from './form-mode';

/** @internal The context form functions receive, whatever the scope. */
export type FormContext = ActionContext | ActionContextBulk | ActionContextSingle;
/** @internal */
export type AnyFormElement = ActionFormElement<FormContext>;

/** @internal A visible field once resolved: the plain field, plus the raw values behind it. */
export interface ResolvedField {
  readonly element: AnyFormElement;
  readonly field: ActionFormField;
  readonly defaultValue: unknown;
  /** What `value` computed; undefined when the element has none. */
  readonly computedValue: unknown;
}

/** @internal */
export interface FormRequest {
  readonly actionName: string;
  readonly dataSource: DataSource;
  readonly elements: readonly AnyFormElement[];
  readonly submitted: RecordData | undefined;
  readonly mode: FormMode;
  /** A context whose `formValues` is `values`, reporting the fields functions read. */
  readonly makeContext: (values: RecordData, onFieldRead: (fieldName: string) => void) => FormContext;
}

/**
 * Resolves the form for one context, in this order: default values (on load, and at execute for
 * omitted fields), then `if` (hidden fields and their values are dropped), then `value`, then the
 * other properties. Each step evaluates the fields in parallel; a function sees the values the
 * previous steps left in `context.formValues`.
 *
 * @internal
 * @throws ValidationError when `changedField` or `searchField` is not a field of the form.
 */
export async function resolveForm(request: FormRequest): Promise<ResolvedField[]> {
  const { elements, mode, submitted } = request;
  const values: RecordData = {};
  for (const { label } of elements) {
    if (submitted !== undefined && Object.hasOwn(submitted, label)) values[label] = submitted[label];
  }
  const watched = new Set<string>();
  const context = request.makeContext(values, (fieldName) => watched.add(fieldName));
  if (mode.kind === 'change' && mode.changedField !== undefined) checkField(request, mode.changedField, 'changedField');

  const defaults = new Map<AnyFormElement, unknown>();
  if (mode.kind === 'load' || mode.kind === 'execute') {
    await Promise.all(
      elements
        .filter(({ label }) => values[label] === undefined)
        .map(async (element) => {
          const defaultValue = await evaluate(element.defaultValue, context);
          defaults.set(element, defaultValue);
          if (defaultValue !== undefined) values[element.label] = defaultValue;
        }),
    );
  }

  const isShown = await Promise.all(
    elements.map(async (element) => Boolean(await evaluate(element.if ?? true, context))),
  );
  const visible = elements.filter((_, index) => isShown[index]);
  for (const { label } of elements.filter((_, index) => !isShown[index])) delete values[label];
  if (mode.kind === 'search') checkSearchField(request, visible, mode.searchField);

  const computed = new Map<AnyFormElement, unknown>();
  await Promise.all(
    visible
      .filter((element) => element.value !== undefined)
      .map(async (element) => {
        const value = await evaluate(element.value, context);
        computed.set(element, value);
        if (value !== undefined) values[element.label] = value;
      }),
  );

  const partials = await Promise.all(
    visible.map(async (element) => {
      const defaultValue = defaults.has(element)
        ? defaults.get(element)
        : await evaluate(element.defaultValue, context);
      return { element, defaultValue, properties: await resolveProperties(request, element, context) };
    }),
  );

  // Assembled last: `watchChanges` needs every function to have run.
  return partials.map(({ element, defaultValue, properties }) => ({
    element,
    defaultValue,
    computedValue: computed.get(element),
    field: {
      ...properties,
      ...(defaultValue === undefined ? {} : { defaultValue: toFormValue(element.type, defaultValue) }),
      ...(values[element.label] === undefined ? {} : { value: toFormValue(element.type, values[element.label]) }),
      watchChanges: watched.has(element.label),
    },
  }));
}

/** The value as the form shows it: files as data URIs. */
export function toFormValue(type: ActionFieldType, value: unknown): unknown {
  if (type === 'File' && isActionFile(value)) return toDataUri(value);
  if (type === 'FileList' && Array.isArray(value))
    return value.map((item) => (isActionFile(item) ? toDataUri(item) : item));

  return value;
}

async function resolveProperties(
  request: FormRequest,
  element: AnyFormElement,
  context: FormContext,
): Promise<Omit<ActionFormField, 'defaultValue' | 'value' | 'watchChanges'>> {
  const fail = (problem: string): never => {
    throw new Error(`Action '${request.actionName}', form field '${element.label}': ${problem}`);
  };
  // Texts only matter to the UI: execute does not compute them.
  const isExecute = request.mode.kind === 'execute';
  const [description, isRequired, isReadOnly, placeholder] = await Promise.all(
    [
      isExecute ? undefined : element.description,
      element.isRequired,
      element.isReadOnly,
      isExecute ? undefined : element.placeholder,
    ].map((property) => evaluate(property, context)),
  );
  if (description !== undefined && typeof description !== 'string') fail('description must resolve to a string.');
  if (placeholder !== undefined && typeof placeholder !== 'string') fail('placeholder must resolve to a string.');

  const field: Record<string, unknown> = {
    type: element.type,
    label: element.label,
    ...(description === undefined ? {} : { description }),
    isRequired: Boolean(isRequired),
    isReadOnly: Boolean(isReadOnly),
    ...(placeholder === undefined ? {} : { placeholder }),
  };

  if (element.type === 'Enum' || element.type === 'EnumList') {
    const enumValues = await evaluate(element.enumValues, context);
    if (!isStringArray(enumValues)) fail('enumValues must resolve to an array of strings.');
    field.enumValues = enumValues;
  } else if (element.type === 'Collection') {
    field.collectionName = checkCollection(request, await evaluate(element.collectionName, context), fail);
  } else if (element.widget === 'Dropdown') {
    field.widget = 'Dropdown';
    if (element.search !== undefined) field.search = element.search;
    const options = await resolveOptions(request, element.label, element.options, context);
    if (options !== undefined && !isOptionList(options)) fail('options must resolve to an array of { label, value }.');
    if (options !== undefined) field.options = options;
  }

  return field as unknown as Omit<ActionFormField, 'defaultValue' | 'value' | 'watchChanges'>;
}

/** Static options always; a function only where its result is needed (never at execute). */
async function resolveOptions(
  request: FormRequest,
  label: string,
  options: unknown,
  context: FormContext,
): Promise<readonly DropdownOption[] | undefined> {
  if (typeof options !== 'function') return options as readonly DropdownOption[];
  const { mode } = request;
  if (mode.kind === 'execute') return undefined;
  if (mode.kind === 'search' && mode.searchField !== label) return undefined;

  return options(context, mode.kind === 'search' ? mode.searchValue : null);
}

function checkCollection(request: FormRequest, name: unknown, fail: (problem: string) => never): string {
  if (typeof name !== 'string') return fail('collectionName must resolve to a string.');
  try {
    request.dataSource.getCollection(name);
  } catch (error) {
    const detail = error instanceof Error ? ` ${error.message}` : '';
    fail(`collectionName '${name}' is not a collection of this data source.${detail}`);
  }

  return name;
}

function checkField(request: FormRequest, name: string, meta: string): void {
  const labels = request.elements.map(({ label }) => label);
  if (!labels.includes(name)) {
    throw new ValidationError(
      `Action '${request.actionName}' has no form field '${name}' (${meta}). Fields: ${labels.join(', ') || 'none'}.`,
      { details: { field: name, allowed: labels } },
    );
  }
}

function checkSearchField(request: FormRequest, visible: readonly AnyFormElement[], name: string): void {
  checkField(request, name, 'searchField');
  const element = visible.find(({ label }) => label === name);
  if (element === undefined || element.widget !== 'Dropdown' || element.search !== 'dynamic') {
    throw new ValidationError(
      `Action '${request.actionName}': form field '${name}' is not a shown Dropdown with search 'dynamic', so it cannot be searched.`,
      { details: { field: name } },
    );
  }
}

async function evaluate(property: unknown, context: FormContext): Promise<unknown> {
  return typeof property === 'function' ? (property as (context: FormContext) => unknown)(context) : property;
}
