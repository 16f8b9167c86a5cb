import { describeWithService } from '@platform/tooling/test-services';
import Papa from 'papaparse';
import request from 'supertest';
import { type SqlAgent, startSqlAgent } from '../../factories/sql-agent';

const DDL = [
  'create table notes (id integer primary key, body text not null, balance integer not null)',
  `insert into notes values
    (1, '=HYPERLINK("http://evil.example","click")', -5),
    (2, '+1+2', 0),
    (3, '-2+3', 1),
    (4, '@SUM(A1:A2)', 2),
    (5, E'\\tcmd', 3),
    (6, E'\\rcmd', 4),
    (7, 'plain text', 5),
    (8, '-12', 6)`,
];

async function exportRows(agent: SqlAgent): Promise<{ text: string; rows: string[][] }> {
  const response = await request(agent.baseUrl)
    .get('/notes.csv')
    .query({ sort: 'id', 'fields[notes]': 'id,body,balance' })
    .set('Authorization', agent.authorization)
    .buffer(true)
    .parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => done(null, text));
    });
  expect(response.status).toBe(200);
  const text = response.body as string;

  return { text, rows: Papa.parse<string[]>(text.trimEnd(), { newline: '\n' }).data };
}

describeWithService('postgres', 'CSV export and formula injection, PostgreSQL', () => {
  describe('by default', () => {
    let agent: SqlAgent;
    beforeAll(async () => {
      agent = await startSqlAgent('postgres', DDL);
    });
    afterAll(async () => {
      await agent?.close();
    });

    test('prefixes with a quote and quotes every text cell a spreadsheet would run as a formula', async () => {
      const { text, rows } = await exportRows(agent);

      expect(rows).toHaveLength(9);
      expect(rows.slice(1).map((row) => row[1])).toEqual([
        `'=HYPERLINK("http://evil.example","click")`,
        "'+1+2",
        "'-2+3",
        "'@SUM(A1:A2)",
        "'\tcmd",
        "'\rcmd",
        'plain text',
        '-12',
      ]);
      expect(text).toContain(`"'+1+2"`);
      expect(text).not.toMatch(/^\d+,=/m);
    });

    test('leaves numbers alone, negative ones included', async () => {
      const { rows } = await exportRows(agent);

      expect(rows.slice(1).map((row) => row[2])).toEqual(['-5', '0', '1', '2', '3', '4', '5', '6']);
    });
  });

  describe('with csv: { escapeFormulae: false }', () => {
    let agent: SqlAgent;
    beforeAll(async () => {
      agent = await startSqlAgent('postgres', DDL, { csv: { escapeFormulae: false } });
    });
    afterAll(async () => {
      await agent?.close();
    });

    test('exports the raw text', async () => {
      const { rows } = await exportRows(agent);

      expect(rows).toHaveLength(9);
      expect(rows.slice(1, 5).map((row) => row[1])).toEqual([
        '=HYPERLINK("http://evil.example","click")',
        '+1+2',
        '-2+3',
        '@SUM(A1:A2)',
      ]);
    });
  });
});
