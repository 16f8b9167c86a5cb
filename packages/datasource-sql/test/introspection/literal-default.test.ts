import { literalToDefault, parseSqlLiteral } from '../../src/introspection/literal-default';

describe('parseSqlLiteral', () => {
  test.each([
    ["'draft'::book_status", { kind: 'string', text: 'draft' }],
    ["'it''s'::character varying", { kind: 'string', text: "it's" }],
    ["'C:\\temp'::text", { kind: 'string', text: 'C:\\temp' }],
    ["'{}'::text[]", { kind: 'string', text: '{}' }],
    ['(-1)', { kind: 'number', text: '-1' }],
    ["'1.50'::numeric", { kind: 'string', text: '1.50' }],
    ['1.5e3', { kind: 'number', text: '1.5e3' }],
    ['TRUE', { kind: 'boolean', value: true }],
    ['false', { kind: 'boolean', value: false }],
    ['NULL::character varying', { kind: 'null' }],
  ])('reads %s', (expression, literal) => {
    expect(parseSqlLiteral(expression)).toEqual(literal);
  });

  test('unescapes backslashes only when the server uses them (MySQL, MariaDB)', () => {
    expect(parseSqlLiteral("'a\\\\b\\'c'", { backslashEscapes: true })).toEqual({ kind: 'string', text: "a\\b'c" });
    expect(parseSqlLiteral("'line\\n'", { backslashEscapes: true })).toEqual({ kind: 'string', text: 'line\n' });
    expect(parseSqlLiteral("'a\\\\b'")).toEqual({ kind: 'string', text: 'a\\\\b' });
  });

  test.each([
    'now()',
    "nextval('books_id_seq'::regclass)",
    'CURRENT_TIMESTAMP',
    "(datetime('now'))",
    'current_timestamp(3)',
    "'a' || 'b'",
    'gen_random_uuid()',
  ])('treats %s as an expression', (expression) => {
    expect(parseSqlLiteral(expression)).toBeUndefined();
  });
});

describe('literalToDefault', () => {
  test('converts a literal to the column type', () => {
    expect(literalToDefault({ kind: 'string', text: '1.50' }, 'Number', 'decimal')).toBe(1.5);
    expect(literalToDefault({ kind: 'number', text: '9007199254740993' }, 'Number', 'bigint')).toBe('9007199254740993');
    expect(literalToDefault({ kind: 'number', text: '1' }, 'Boolean')).toBe(true);
    expect(literalToDefault({ kind: 'string', text: 'f' }, 'Boolean')).toBe(false);
    expect(literalToDefault({ kind: 'string', text: '{"a":1}' }, 'Json')).toEqual({ a: 1 });
    expect(literalToDefault({ kind: 'string', text: '{}' }, ['String'])).toEqual([]);
    expect(literalToDefault({ kind: 'number', text: '3' }, 'String')).toBe('3');
  });

  test('drops a literal that does not fit the column type', () => {
    expect(literalToDefault({ kind: 'string', text: 'abc' }, 'Number')).toBeUndefined();
    expect(literalToDefault({ kind: 'string', text: 'maybe' }, 'Boolean')).toBeUndefined();
    expect(literalToDefault({ kind: 'string', text: '{oops' }, 'Json')).toBeUndefined();
    expect(literalToDefault({ kind: 'string', text: '{a,b}' }, ['String'])).toBeUndefined();
    expect(literalToDefault({ kind: 'null' }, 'String')).toBeUndefined();
  });
});
