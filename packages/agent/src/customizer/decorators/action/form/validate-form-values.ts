import {
  type CollectionSchema,
  type RecordData,
  ValidationError,
  type ValidationIssue,
} from '@platform/datasource-toolkit';
import { checkFieldValue } from './check-field-value';
import { type ResolvedField, toFormValue } from './resolve-form';

/** @internal */
export interface FormSubmission {
  readonly actionName: string;
  /** Labels of every element of the form, shown or hidden. */
  readonly labels: readonly string[];
  /** The shown fields, resolved for the submission's context. */
  readonly fields: readonly ResolvedField[];
  readonly submitted: RecordData;
  readonly getSchema: (collectionName: string) => CollectionSchema;
}

/**
 * Checks submitted values against the resolved form and returns the values `execute` receives:
 * decoded, with defaults for omitted fields, computed values for read-only fields, and without the
 * values of hidden fields. Null, '' and [] count as missing for a required field.
 *
 * @internal
 * @throws ValidationError listing every issue (`issues`, whose path is the field's label).
 */
export function validateFormValues(submission: FormSubmission): RecordData {
  const { submitted, fields } = submission;
  const issues: ValidationIssue[] = [];
  const values: RecordData = {};

  for (const name of Object.keys(submitted)) {
    if (!submission.labels.includes(name)) {
      issues.push({
        path: name,
        message: `'${name}' is not a field of the form (fields: ${submission.labels.join(', ') || 'none'})`,
      });
    }
  }

  for (const resolved of fields) {
    const { field } = resolved;
    const sent = submitted[field.label];
    const fallback = resolved.computedValue !== undefined ? resolved.computedValue : resolved.defaultValue;

    if (field.isReadOnly) {
      // The UI may send back what it displayed: only a different value is an attempt to set it.
      if (sent !== undefined && !isSameValue(sent, toFormValue(field.type, fallback))) {
        issues.push({ path: field.label, message: `'${field.label}' is read-only` });
      }
      if (fallback !== undefined) values[field.label] = decodeComputed(submission, resolved, fallback);
      continue;
    }

    const value = sent !== undefined ? sent : fallback;
    if (isMissing(value)) {
      if (field.isRequired) issues.push({ path: field.label, message: `'${field.label}' is required` });
      else if (value !== undefined) values[field.label] = value;
      continue;
    }

    const check = checkFieldValue(field, value, submission.getSchema);
    if (!check.isValid) {
      issues.push({
        path: field.label,
        message: `'${field.label}' expects ${check.expected}, got ${describe(value)}`,
      });
    } else if (!isAmongOptions(resolved, value)) {
      const allowed = (field.options ?? []).map((option) => JSON.stringify(option.value)).join(', ');
      issues.push({
        path: field.label,
        message: `'${field.label}' expects one of its options (${allowed}), got ${describe(value)}`,
      });
    } else {
      values[field.label] = check.value;
    }
  }

  if (issues.length > 0) {
    throw new ValidationError(
      `Invalid form values for action '${submission.actionName}': ${issues.map((issue) => issue.message).join('; ')}.`,
      { issues, details: { action: submission.actionName } },
    );
  }

  return values;
}

/**
 * A read-only field's value, decoded like a submitted one so that `execute` sees one shape per type.
 * @throws Error when the action's own value does not fit the field's type: a bug in the action.
 */
function decodeComputed(submission: FormSubmission, { field }: ResolvedField, value: unknown): unknown {
  if (value === null) return null;
  const check = checkFieldValue(field, toFormValue(field.type, value), submission.getSchema);
  if (!check.isValid) {
    throw new Error(
      `Action '${submission.actionName}', form field '${field.label}': its computed or default value ` +
        `${describe(value)} does not fit the field: expected ${check.expected}.`,
    );
  }

  return check.value;
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Only static option lists are enforced: dynamic ones depend on a search the server does not replay. */
function isAmongOptions({ element, field }: ResolvedField, value: unknown): boolean {
  if (element.widget !== 'Dropdown' || !Array.isArray(element.options) || field.options === undefined) return true;
  const allowed = new Set<unknown>(field.options.map((option) => option.value));

  return Array.isArray(value) ? value.every((item) => allowed.has(item)) : allowed.has(value);
}

function isSameValue(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);

  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
