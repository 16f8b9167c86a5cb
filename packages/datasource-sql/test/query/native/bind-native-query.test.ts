import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { bindNativeQuery } from '../../../src/query/native/bind-native-query';

const db = new Kysely<Record<string, never>>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('bindNativeQuery', () => {
  test('binds each $name variable as a parameter', () => {
    const { sql, parameters } = bindNativeQuery('select * from t where a = $a and b > $b_2', {
      a: 'x',
      b_2: 3,
    }).compile(db);

    expect(sql).toBe('select * from t where a = $1 and b > $2');
    expect(parameters).toEqual(['x', 3]);
  });

  test('binds a value containing SQL as data', () => {
    const { sql, parameters } = bindNativeQuery('select $v', { v: "'; drop table t; --" }).compile(db);

    expect(sql).toBe('select $1');
    expect(parameters).toEqual(["'; drop table t; --"]);
  });

  test('leaves variables in strings, quoted identifiers, comments and dollar quotes alone', () => {
    const query = `select '$a', "$a", $$ $a $$, $tag$ $a $tag$ -- $a\n/* $a */ from t where x = $a`;

    const { sql, parameters } = bindNativeQuery(query, { a: 1 }).compile(db);

    expect(sql).toBe(`select '$a', "$a", $$ $a $$, $tag$ $a $tag$ -- $a\n/* $a */ from t where x = $1`);
    expect(parameters).toEqual([1]);
  });

  test('leaves positional markers alone', () => {
    expect(bindNativeQuery('select $1').compile(db).sql).toBe('select $1');
  });

  test('refuses a variable without a value, naming it', () => {
    expect(() => bindNativeQuery('select $missing', { other: 1 })).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringMatching(/\$missing.*other/) }),
    );
  });
});
