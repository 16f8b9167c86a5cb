import { Projection, type RecordData } from '@platform/datasource-toolkit';
import express from 'express';
import Papa from 'papaparse';
import request from 'supertest';
import { streamCsv } from '../../../src/http/csv/stream-csv';

/** The CSV that streamCsv writes for `records`, over a real HTTP response. */
async function exportOf(columns: string[], records: RecordData[], escapeFormulae = true): Promise<string> {
  const app = express();
  app.get('/export.csv', async (_req, res) => {
    await streamCsv(res, {
      filename: 'export.csv',
      escapeFormulae,
      projection: new Projection(...columns),
      fetchPage: async (page) => records.slice(page.skip, page.skip + (page.limit ?? records.length)),
    });
  });
  const response = await request(app).get('/export.csv');
  expect(response.status).toBe(200);

  return response.text;
}

describe('CSV cells', () => {
  test.each([
    ['a string', 'Dune', 'Dune'],
    ['an integer', 42, '42'],
    ['a negative integer', -7, '-7'],
    ['negative zero', -0, '0'],
    ['the largest safe integer', Number.MAX_SAFE_INTEGER, '9007199254740991'],
    ['an integer past 1e21 (exponent notation, as String() writes it)', 1e21, '1e+21'],
    ['a decimal', 12.5, '12.5'],
    ['a small decimal', 0.1, '0.1'],
    ['a bigint', 12345678901234567890n, '12345678901234567890'],
    ['true', true, '1'],
    ['false', false, ''],
    ['null', null, ''],
    ['undefined', undefined, ''],
    ['a Date', new Date('2024-02-29T12:34:56.789Z'), '2024-02-29T12:34:56.789Z'],
    ['an invalid Date', new Date(Number.NaN), ''],
    ['a JSON object', { a: 1, b: [true, null] }, '"{""a"":1,""b"":[true,null]}"'],
    ['a JSON array', [1, 2], '"[1,2]"'],
    ['a value with a comma', 'a,b', '"a,b"'],
    ['a value with a quote', 'say "hi"', '"say ""hi"""'],
    ['a value with a line break', 'one\r\ntwo', '"one\r\ntwo"'],
    ['a value with a leading space', ' padded', '" padded"'],
    ['an empty string', '', ''],
    ['a formula, quoted after a leading quote', '=1+1', `"'=1+1"`],
    ['text starting with + - @ tab or CR, escaped alike', '@cmd', `"'@cmd"`],
    ['text that is only a negative number, unescaped', '-12.5', '-12.5'],
    ['text starting with a minus that is not a number', '-1+2', `"'-1+2"`],
  ])('writes %s', async (_label, value, cell) => {
    const text = await exportOf(['id', 'value'], [{ id: 1, value }]);

    expect(text).toBe(`id,value\n1,${cell}\n`);
  });

  test('escapes a header cell a spreadsheet would run as a formula', async () => {
    const text = await exportOf(['id', '=cmd'], [{ id: 1, '=cmd': 'x' }]);

    expect(text).toBe(`id,"'=cmd"\n1,x\n`);
  });

  test('round-trips awkward values through a CSV parser, formulas too when not escaped', async () => {
    const values = ['He said "hi", then\r\nleft', ' leading', 'trailing ', '\uFEFFbom', 'a;b\tc', '=1+1', 'plain'];
    const text = await exportOf(
      ['id', 'value'],
      values.map((value, index) => ({ id: index + 1, value })),
      false,
    );

    const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(parsed).toEqual([['id', 'value'], ...values.map((value, index) => [String(index + 1), value])]);
  });

  test('reads relation paths through nested records, missing relations empty', async () => {
    const text = await exportOf(
      ['title', 'author:name', 'author:country:code'],
      [
        { title: 'Dune', author: { name: 'Frank Herbert', country: { code: 'US' } } },
        { title: 'Orphan', author: null },
        { title: 'No country', author: { name: 'Anonymous', country: null } },
      ],
    );

    expect(text).toBe(
      'title,author:name,author:country:code\nDune,Frank Herbert,US\nOrphan,,\nNo country,Anonymous,\n',
    );
  });

  test('does not read inherited properties for a column', async () => {
    const text = await exportOf(['constructor', 'toString'], [{}]);

    expect(text).toBe('constructor,toString\n,\n');
  });

  test('writes several pages as one CSV, each line once', async () => {
    const records = Array.from({ length: 2345 }, (_, index) => ({ id: index + 1, flag: index % 2 === 0 }));

    const lines = (await exportOf(['id', 'flag'], records)).split('\n');

    expect(lines).toHaveLength(2345 + 2); // header, rows, and the empty string after the last \n
    expect(lines[1]).toBe('1,1');
    expect(lines[2]).toBe('2,');
    expect(lines[2345]).toBe('2345,1');
    expect(lines.at(-1)).toBe('');
  });
});
