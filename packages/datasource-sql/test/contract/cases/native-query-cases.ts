import type { ContractEnv } from '../contract-env';

const INJECTION = "'; DROP TABLE books; --";

/** Native queries: raw SQL on a named connection, `$name` variables bound as parameters. */
export function describeNativeQueries(env: () => ContractEnv): void {
  const run = (query: string, variables?: Record<string, unknown>) =>
    env().dataSource.executeNativeQuery('main', query, variables);

  test('lists the named connection', () => {
    expect(env().dataSource.nativeQueryConnections).toEqual(['main']);
  });

  test('binds $name variables as parameters', async () => {
    const rows = await run('select count(*) as total from books where author_id = $authorId and price > $min', {
      authorId: 3,
      min: 1,
    });

    expect(Number(rows[0]?.total)).toBe(3);
  });

  test('binds a variable used twice, and leaves quoted dollars alone', async () => {
    const rows = await run(
      "select title, '$notAVariable' as text from books where id = $id or id = $id + 1 order by id",
      { id: 2 },
    );

    expect(rows.map((row) => row.title)).toEqual(['The Stranger', 'Mrs Dalloway']);
    expect(rows[0]?.text).toBe('$notAVariable');
  });

  test('treats an injection in a variable as data', async () => {
    const count = async (title: string) =>
      Number((await run('select count(*) as total from books where title = $title', { title }))[0]?.total);

    expect(await count('Jazz')).toBe(1);
    expect(await count(INJECTION)).toBe(0);
    expect(Number((await run('select count(*) as total from books'))[0]?.total)).toBe(24);
  });

  test('refuses a variable without a value', async () => {
    await expect(run('select * from books where id = $id', {})).rejects.toMatchObject({ name: 'ValidationError' });
  });

  test('refuses an unknown connection', async () => {
    await expect(env().dataSource.executeNativeQuery('other', 'select 1')).rejects.toMatchObject({
      name: 'NotFoundError',
    });
  });

  test('reports SQL errors as UnprocessableError', async () => {
    await expect(run('select * from no_such_table')).rejects.toMatchObject({ name: 'UnprocessableError' });
  });
}
