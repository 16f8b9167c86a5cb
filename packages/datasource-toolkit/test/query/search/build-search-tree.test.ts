import {
  buildSearchTree,
  type CollectionSchema,
  ConditionTreeFactory,
  type ConditionTreeLeaf,
} from '@platform/datasource-toolkit';
import { makeColumn, makeManyToOne, makeSchema } from '@platform/datasource-toolkit/testing';

const EQUAL = new Set(['Equal'] as const);
const authors = makeSchema({
  id: makeColumn('Number', { isPrimaryKey: true, filterOperators: EQUAL }),
  name: makeColumn('String', { filterOperators: new Set(['IContains', 'Contains']) }),
});
const books = makeSchema({
  id: makeColumn('Number', { isPrimaryKey: true, filterOperators: EQUAL }),
  title: makeColumn('String', { filterOperators: new Set(['IContains', 'Contains', 'Equal']) }),
  code: makeColumn('String', { filterOperators: new Set(['Contains']) }),
  isbn: makeColumn('String', { filterOperators: EQUAL }),
  reference: makeColumn('Uuid', { filterOperators: EQUAL }),
  status: makeColumn('Enum', { enumValues: ['Draft', 'Published'], filterOperators: EQUAL }),
  publishedAt: makeColumn('Date', { filterOperators: EQUAL }),
  authorId: makeColumn('Number', { filterOperators: EQUAL }),
  author: makeManyToOne('authors', 'authorId'),
});
const schemas: Record<string, CollectionSchema> = { books, authors };
const search = (text: string | null, extended = false) =>
  buildSearchTree(text, extended, books, (name) => schemas[name] as CollectionSchema);
const leaves = (text: string, extended = false) => collect(search(text, extended));

function collect(tree: ReturnType<typeof search>): string[] {
  const found: string[] = [];
  tree?.forEachLeaf((leaf: ConditionTreeLeaf) => found.push(`${leaf.field} ${leaf.operator} ${String(leaf.value)}`));
  return found;
}

describe('buildSearchTree', () => {
  test('is null for a blank search', () => {
    expect(search(null)).toBeNull();
    expect(search('   ')).toBeNull();
  });

  test('searches String columns with the best operator each can filter with', () => {
    expect(leaves(' tolkien ')).toEqual(['title IContains tolkien', 'code Contains tolkien', 'isbn Equal tolkien']);
  });

  test('compares Number columns only when the text is a number', () => {
    expect(leaves('42')).toEqual(expect.arrayContaining(['id Equal 42', 'authorId Equal 42']));
    expect(leaves('4x2')).not.toContain('id Equal 4x2');
    expect(leaves('4x2').some((leaf) => leaf.startsWith('id '))).toBe(false);
  });

  test('compares Uuid columns in lowercase, only with a UUID', () => {
    const uuid = 'A1B2C3D4-0000-4000-8000-00000000000F';

    expect(leaves(uuid)).toContain(`reference Equal ${uuid.toLowerCase()}`);
    expect(leaves('not-a-uuid').some((leaf) => leaf.startsWith('reference '))).toBe(false);
  });

  test('matches an Enum value ignoring case, and never a date column', () => {
    expect(leaves('published')).toContain('status Equal Published');
    expect(leaves('2024-01-01').some((leaf) => leaf.startsWith('publishedAt '))).toBe(false);
  });

  test('matches nothing when no column can be searched', () => {
    const datesOnly = makeSchema({ at: makeColumn('Date', { filterOperators: EQUAL }) });

    expect(buildSearchTree('x', false, datesOnly, () => datesOnly)).toEqual(ConditionTreeFactory.MatchNone);
  });

  test('searches the columns of to-one relations only when extended', () => {
    expect(leaves('ann').some((leaf) => leaf.startsWith('author:'))).toBe(false);
    expect(leaves('ann', true)).toContain('author:name IContains ann');
  });
});
