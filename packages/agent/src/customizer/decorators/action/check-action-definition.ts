import { ACTION_FIELD_TYPES } from '@platform/datasource-toolkit';
import { DROPDOWN_FIELD_TYPES } from './types';

const SCOPES: readonly string[] = ['Single', 'Bulk', 'Global'];
const SEARCH_MODES: readonly string[] = ['static', 'dynamic', 'disabled'];
const DYNAMIC_PROPERTIES = [
  'description',
  'isRequired',
  'isReadOnly',
  'defaultValue',
  'value',
  'placeholder',
  'if',
  'enumValues',
  'collectionName',
  'options',
] as const;

/**
 * Checks an action definition when it is added, so that a mistake fails at startup rather than on
 * the first click. Definitions come from code, so mistakes are plain `Error`s.
 *
 * @internal
 * @throws Error naming the action, the field and what is expected.
 */
export function checkActionDefinition(collectionName: string, name: string, definition: unknown): void {
  // Typed explicitly so that TypeScript knows the code after a call is unreachable.
  const fail: (problem: string) => never = (problem) => {
    throw new Error(`Invalid action '${name}' on '${collectionName}': ${problem}`);
  };
  if (typeof name !== 'string' || name.trim() === '') fail('the name must be a non-empty string.');
  if (typeof definition !== 'object' || definition === null) fail('the definition must be an object.');

  const action = definition as Record<string, unknown>;
  if (!SCOPES.includes(action.scope as string)) fail(`scope must be one of ${SCOPES.join(', ')}.`);
  if (typeof action.execute !== 'function') fail('execute must be a function (context, resultBuilder).');
  for (const key of ['description', 'submitButtonLabel'] as const) {
    if (action[key] !== undefined && typeof action[key] !== 'string') fail(`${key} must be a string.`);
  }
  if (action.generateFile !== undefined && typeof action.generateFile !== 'boolean') {
    fail('generateFile must be a boolean.');
  }
  if (action.form === undefined) return;
  if (!Array.isArray(action.form)) fail('form must be an array of form elements.');

  const labels = new Set<string>();
  action.form.forEach((element: unknown, index) => {
    const problem = checkFormElement(element);
    const label = (element as { label?: unknown } | null)?.label;
    const where = typeof label === 'string' ? `form field '${label}'` : `form element #${index}`;
    if (problem !== null) fail(`${where}: ${problem}`);
    if (labels.has(label as string)) fail(`${where}: labels must be unique (they key the form values).`);
    labels.add(label as string);
  });
}

/** True when no property of any element is a function: the form is the same for every context. */
export function isStaticForm(form: readonly object[] | undefined): boolean {
  return (form ?? []).every((element) =>
    DYNAMIC_PROPERTIES.every((key) => typeof (element as Record<string, unknown>)[key] !== 'function'),
  );
}

function checkFormElement(element: unknown): string | null {
  if (typeof element !== 'object' || element === null) return 'must be an object.';
  const field = element as Record<string, unknown>;
  if (typeof field.label !== 'string' || field.label.trim() === '') return 'label must be a non-empty string.';
  if (!(ACTION_FIELD_TYPES as readonly unknown[]).includes(field.type)) {
    return `type must be one of ${ACTION_FIELD_TYPES.join(', ')}.`;
  }
  const isFunction = (key: string) => typeof field[key] === 'function';

  if (field.type === 'Enum' || field.type === 'EnumList') {
    if (!isFunction('enumValues') && !isStringArray(field.enumValues)) {
      return 'enumValues must be an array of strings or a function of the context.';
    }
  }
  if (field.type === 'Collection' && !isFunction('collectionName') && typeof field.collectionName !== 'string') {
    return 'collectionName must be the name of a collection or a function of the context.';
  }
  if (field.widget === undefined) {
    if (field.options !== undefined || field.search !== undefined) return "options and search need widget 'Dropdown'.";

    return null;
  }
  if (field.widget !== 'Dropdown') return "widget must be 'Dropdown'.";
  if (!(DROPDOWN_FIELD_TYPES as readonly unknown[]).includes(field.type)) {
    return `a Dropdown edits only ${DROPDOWN_FIELD_TYPES.join(', ')} fields.`;
  }
  if (!isFunction('options') && !isOptionList(field.options)) {
    return 'options must be an array of { label, value } or a function (context, searchValue).';
  }
  if (field.search !== undefined && !SEARCH_MODES.includes(field.search as string)) {
    return `search must be one of ${SEARCH_MODES.join(', ')}.`;
  }

  return null;
}

/** @internal */
export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** @internal */
export function isOptionList(value: unknown): value is Array<{ label: string; value: string | number }> {
  return (
    Array.isArray(value) &&
    value.every(
      (option: unknown) =>
        typeof option === 'object' &&
        option !== null &&
        typeof (option as { label?: unknown }).label === 'string' &&
        ['string', 'number'].includes(typeof (option as { value?: unknown }).value),
    )
  );
}
