import { escapeHtml } from '../../views/html';

/**
 * The note text with each `{{field}}` (or `{{relation:field}}`) replaced by that field of the
 * record, HTML-escaped since note messages are HTML (titles are text: `isHtml: false`). A field the record lacks becomes an empty string;
 * objects are written as JSON.
 *
 * @example renderPlaceholders('<p>Order {{id}}: {{status}}</p>', { id: 7, status: '<b>' }) // '<p>Order 7: &lt;b&gt;</p>'
 */
export function renderPlaceholders(
  template: string,
  record: Readonly<Record<string, unknown>> | undefined,
  { isHtml = true }: { readonly isHtml?: boolean } = {},
): string {
  return template.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (_match, path: string) => {
    const text = formatValue(fieldValue(record, path));
    return isHtml ? escapeHtml(text) : text;
  });
}

/** `author:name` reads the nested value of a to-one relation, as the agent returns it. */
export function fieldValue(record: Readonly<Record<string, unknown>> | undefined, path: string): unknown {
  let value: unknown = record;
  for (const part of path.split(':')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function formatValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
