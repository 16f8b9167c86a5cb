/** `author_id` → `author`, `authorId` → `author`; undefined when the column has no such suffix. */
export function stripKeySuffix(column: string): string | undefined {
  const stripped = column.replace(/_id$/i, '').replace(/(?<=[a-z0-9])Id$/, '');
  return stripped === column || stripped === '' ? undefined : stripped;
}

/** A simple English singular: `categories` → `category`, `books` → `book`, `address` stays. */
export function singular(name: string): string {
  if (/[^aeiou]ies$/i.test(name)) return `${name.slice(0, -3)}y`;
  if (/(ss|us|is)$/i.test(name) || !/s$/i.test(name)) return name;
  return name.slice(0, -1);
}

/** A simple English plural: `book` → `books`, `category` → `categories`; plurals stay. */
export function plural(name: string): string {
  if (/s$/i.test(name) && !/(ss|us|is)$/i.test(name)) return name;
  if (/[^aeiou]y$/i.test(name)) return `${name.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(name)) return `${name}es`;
  return `${name}s`;
}

/**
 * The field names taken in each collection (columns first, then relations as they are named), so
 * that a relation never hides a column or another relation.
 */
export class FieldNames {
  private readonly taken = new Map<string, Set<string>>();

  constructor(columnsByCollection: ReadonlyMap<string, readonly string[]>) {
    for (const [collection, columns] of columnsByCollection) this.taken.set(collection, new Set(columns));
  }

  /** Takes the first free name among the candidates, else the first one with a numeric suffix. */
  claim(collection: string, candidates: readonly string[]): string {
    const taken = this.taken.get(collection) ?? new Set<string>();
    this.taken.set(collection, taken);
    let name = candidates.find((candidate) => !taken.has(candidate));
    for (let suffix = 2; name === undefined; suffix += 1) {
      const numbered = `${candidates[0]}_${suffix}`;
      if (!taken.has(numbered)) name = numbered;
    }
    taken.add(name);
    return name;
  }
}
