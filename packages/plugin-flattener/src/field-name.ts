/**
 * What joins the parts of a flattened field's name: `address@@@city`, `author@@@country@@@name`.
 * Field names may not contain `:` (it separates the hops of a path), and a column or key holding
 * `@@@` is refused when flattened, so a produced name maps back to one path only.
 */
export const FLATTEN_SEPARATOR = '@@@';

/** `address` and `['geo', 'lat']` → `address@@@geo@@@lat`. */
export function flattenedFieldName(root: string, path: readonly string[]): string {
  return [root, ...path].join(FLATTEN_SEPARATOR);
}
