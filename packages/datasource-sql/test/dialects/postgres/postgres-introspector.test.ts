import { createPostgresDatabase, describeWithService, type TestDatabase } from '@platform/tooling/test-services';
import { sql } from 'kysely';
import { type Introspection, introspect, openConnection, type SqlConnection } from '../../../src';
import { type FixtureDatabase, setupFixtureDatabase } from '../../fixtures';

describeWithService('postgres', 'PostgreSQL introspection', () => {
  describe('types and defaults', () => {
    let database: TestDatabase;
    let introspection: Introspection;
    const column = (table: string, name: string) =>
      introspection.tables.find((t) => t.name === table)?.columns.find((c) => c.name === name);

    beforeAll(async () => {
      database = await createPostgresDatabase('sqlpgtypes');
      const connection = await openConnection(database.uri);
      try {
        await sql`create type mood as enum ('sad', 'ok', 'happy')`.execute(connection.db);
        await sql`create domain short_text as varchar(10)`.execute(connection.db);
        await sql`
          create table samples (
            id integer generated always as identity primary key,
            tiny smallint default -1,
            amount numeric(12, 3) default 1.50,
            big bigint default 9007199254740993,
            starts timestamp(3) with time zone default now(),
            local_starts timestamp without time zone,
            zoned_time time with time zone,
            note text default 'it''s',
            folder text default 'C:\\temp',
            code short_text,
            tags text[] default '{}',
            moods mood[],
            scores integer[],
            settings jsonb default '{"a": 1}',
            price money,
            duration interval,
            address inet,
            search tsvector,
            is_done boolean default true
          )`.execute(connection.db);
        await sql`create materialized view sample_counts as select count(*) as total from samples`.execute(
          connection.db,
        );
        introspection = await introspect(connection.db, connection.dialect, { schema: connection.schema });
      } finally {
        await connection.close();
      }
    });
    afterAll(() => database.drop());

    test('maps arrays, enum arrays and domains', () => {
      expect(column('samples', 'tags')).toMatchObject({ sqlType: 'text[]', columnType: ['String'], defaultValue: [] });
      expect(column('samples', 'moods')).toMatchObject({ columnType: ['Enum'], enumValues: ['sad', 'ok', 'happy'] });
      expect(column('samples', 'scores')).toMatchObject({ columnType: ['Number'] });
      expect(column('samples', 'code')).toMatchObject({ sqlType: 'character varying(10)', columnType: 'String' });
    });

    test('maps timestamps with precision, time with time zone', () => {
      expect(column('samples', 'starts')).toMatchObject({ sqlType: 'timestamp(3) with time zone', columnType: 'Date' });
      expect(column('samples', 'local_starts')?.columnType).toBe('Date');
      expect(column('samples', 'zoned_time')?.columnType).toBe('Time');
    });

    test('leaves money, interval, inet and tsvector unknown', () => {
      for (const name of ['price', 'duration', 'address', 'search'])
        expect(column('samples', name)?.columnType).toBeNull();
    });

    test('reads literal defaults through their casts, following the value rules', () => {
      expect(column('samples', 'tiny')?.defaultValue).toBe(-1);
      expect(column('samples', 'amount')?.defaultValue).toBe(1.5);
      expect(column('samples', 'big')?.defaultValue).toBe('9007199254740993');
      expect(column('samples', 'note')?.defaultValue).toBe("it's");
      expect(column('samples', 'folder')?.defaultValue).toBe('C:\\temp');
      expect(column('samples', 'settings')?.defaultValue).toEqual({ a: 1 });
      expect(column('samples', 'is_done')?.defaultValue).toBe(true);
      expect(column('samples', 'starts')).not.toHaveProperty('defaultValue');
    });

    test('treats an identity column as auto-increment', () => {
      expect(column('samples', 'id')).toMatchObject({ isAutoIncrement: true, isNullable: false });
    });

    test('lists a materialized view as a view', () => {
      expect(introspection.tables.find((t) => t.name === 'sample_counts')).toMatchObject({
        isView: true,
        primaryKey: [],
      });
    });
  });

  describe('schemas', () => {
    let fixture: FixtureDatabase;
    let connection: SqlConnection;
    beforeAll(async () => {
      fixture = await setupFixtureDatabase('postgres');
      connection = await openConnection({ ...(fixture.params as object), schema: 'inventory' } as never);
    });
    afterAll(async () => {
      await connection.close();
      await fixture.drop();
    });

    test('reads only the tables of the chosen schema', async () => {
      const introspection = await introspect(connection.db, connection.dialect, { schema: connection.schema });

      expect(introspection.schema).toBe('inventory');
      expect(introspection.tables.map((t) => t.name)).toEqual(['stock_items', 'warehouses']);
    });

    test('marks a foreign key into another schema with that schema', async () => {
      const introspection = await introspect(connection.db, connection.dialect, { schema: 'inventory' });
      const stockItems = introspection.tables.find((t) => t.name === 'stock_items');

      expect(stockItems?.foreignKeys.map((fk) => [fk.columns, fk.referencedTable, fk.referencedSchema])).toEqual([
        [['book_id'], 'books', 'public'],
        [['warehouse_id'], 'warehouses', undefined],
      ]);
    });

    test('reads point and array columns of the schema, and selects their rows', async () => {
      const introspection = await introspect(connection.db, connection.dialect, { schema: 'inventory' });
      const warehouses = introspection.tables.find((t) => t.name === 'warehouses');

      const rows = await connection.db.selectFrom('warehouses').select(['location', 'labels']).orderBy('id').execute();

      expect(warehouses?.columns.map((c) => c.columnType)).toEqual(['Number', 'String', 'Point', ['String']]);
      expect(rows).toEqual([
        { location: { x: 2.35, y: 48.85 }, labels: ['cold', 'secure'] },
        { location: null, labels: [] },
      ]);
    });

    test('reads public by default', async () => {
      const introspection = await introspect(connection.db, 'postgres');

      expect(introspection.schema).toBe('public');
      expect(introspection.tables.map((t) => t.name)).toContain('books');
    });
  });
});
