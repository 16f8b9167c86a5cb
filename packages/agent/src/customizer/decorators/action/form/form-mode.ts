import { ValidationError } from '@platform/datasource-toolkit';

/**
 * Why a form is resolved:
 * - `load`: the form opens; fields take their default values.
 * - `change`: the user changed `changedField` (`hasFieldChanged` is true for it).
 * - `search`: the user typed `searchValue` in the dynamic dropdown `searchField`; only that
 *   field's options function runs.
 * - `execute`: before `execute`, to validate the submitted values; omitted fields take their default.
 */
export type FormMode =
  | { readonly kind: 'load' }
  | { readonly kind: 'change'; readonly changedField?: string }
  | { readonly kind: 'search'; readonly searchField: string; readonly searchValue: string }
  | { readonly kind: 'execute' };

/** The metas of `Collection.getForm`. */
export interface FormMetas {
  readonly changedField?: string;
  readonly searchField?: string;
  readonly searchValue?: string;
}

/**
 * The mode of a `getForm` call.
 * @throws ValidationError when the metas are not strings.
 */
export function toFormMode(formValues: unknown, metas: FormMetas | undefined): FormMode {
  for (const key of ['changedField', 'searchField', 'searchValue'] as const) {
    const value = metas?.[key];
    if (value !== undefined && typeof value !== 'string') {
      throw new ValidationError(`Invalid form hook: ${key} must be a string, got ${typeof value}.`);
    }
  }
  if (metas?.searchField !== undefined) {
    return { kind: 'search', searchField: metas.searchField, searchValue: metas.searchValue ?? '' };
  }
  if (metas?.changedField !== undefined) return { kind: 'change', changedField: metas.changedField };

  return formValues === undefined ? { kind: 'load' } : { kind: 'change' };
}
