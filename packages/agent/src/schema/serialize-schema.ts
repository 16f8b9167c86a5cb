import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted at every depth, 2-space indented, with a final newline: the same
 * schema always gives the same bytes, so the file diffs well and its hash is stable.
 */
export function serializeSchema(value: unknown): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}

/** SHA-1 (hex) of the canonical JSON of `value`. */
export function hashSchema(value: unknown): string {
  return createHash('sha1')
    .update(JSON.stringify(sortKeys(value)))
    .digest('hex');
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;

  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
  return sorted;
}
