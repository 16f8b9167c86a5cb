import type { Collection } from '../../../contracts/collection';
import type { ColumnType } from '../../../schema/column-type';

/**
 * The column type at `path` (`author:name` follows the relation `author`), or undefined when the
 * path names no known column. Paths into a `Json`-like object column follow its declared shape.
 * @internal
 */
export function columnTypeAt(collection: Collection | undefined, path: string): ColumnType | undefined {
  const [head, ...rest] = path.split(':');
  const fields = collection?.schema?.fields;
  const field = head !== undefined && fields && Object.hasOwn(fields, head) ? fields[head] : undefined;
  if (!field) return undefined;
  if (field.type === 'Column') return rest.length === 0 ? field.columnType : nestedType(field.columnType, rest);
  if (rest.length === 0) return undefined;

  try {
    return columnTypeAt(collection?.dataSource?.getCollection(field.foreignCollection), rest.join(':'));
  } catch {
    // An unknown foreign collection: compare without type information rather than fail the filter.
    return undefined;
  }
}

function nestedType(type: ColumnType, path: readonly string[]): ColumnType | undefined {
  let current: ColumnType | undefined = type;
  for (const segment of path) {
    if (current === undefined || typeof current === 'string' || Array.isArray(current)) return undefined;
    current = (current as { readonly [key: string]: ColumnType })[segment];
  }

  return current;
}
