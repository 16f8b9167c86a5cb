import { once } from 'node:events';
import { Page, type Projection, type RecordData } from '@platform/datasource-toolkit';
import type { Response } from 'express';
import Papa from 'papaparse';

/** Records an export reads per query: large enough to be fast, small enough to keep memory flat. */
export const CSV_PAGE_SIZE = 1000;

export interface StreamCsvOptions {
  readonly filename: string;
  /** The columns, in order; relation paths (`author:name`) are read through nested records. */
  readonly projection: Projection;
  /** Reads one page of the export, in a stable order. */
  readonly fetchPage: (page: Page) => Promise<RecordData[]>;
  readonly pageSize?: number;
  /** Neutralise cells a spreadsheet would run as formulas (see `escapeFormula`); default true. */
  readonly escapeFormulae?: boolean;
}

/**
 * Streams records as CSV, one page at a time: the next page is read while the current one is
 * written (so at most two pages are held in memory), the page after it only once the current one
 * was written (waiting for 'drain' when the socket is full), and reading stops as soon as the
 * client goes away.
 */
export async function streamCsv(res: Response, options: StreamCsvOptions): Promise<void> {
  const { projection, fetchPage, pageSize = CSV_PAGE_SIZE, escapeFormulae = true } = options;
  const columns = [...projection];
  const config = escapeFormulae ? ESCAPED_CONFIG : UNPARSE_CONFIG;
  const pageToLines = makePageWriter(columns, config, escapeFormulae ? escapeFormula : noEscape);
  // The first page is read before anything is sent, so that its errors (the most likely ones:
  // validation, permissions in the collection) still get a proper error response.
  let records: RecordData[] | undefined = await fetchPage(new Page(0, pageSize));

  // 'close' on the response, not on the request: since Node 16 the request emits 'close' as
  // soon as its body was read, whereas the response emits it when the socket goes away.
  let isClosed = res.destroyed;
  const markClosed = () => {
    isClosed = true;
  };
  res.once('close', markClosed);
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.attachment(options.filename);

  try {
    await write(res, toLines([columns.map(escapeFormulae ? escapeFormula : noEscape)], config));
    for (let skip = pageSize; !isClosed && records !== undefined; skip += pageSize) {
      // The next page is read while this one is converted and written, so that the database's
      // latency overlaps the agent's work: at most two pages are held in memory.
      const next: Promise<RecordData[]> | undefined =
        records.length < pageSize ? undefined : fetchPage(new Page(skip, pageSize));
      next?.catch(() => undefined); // awaited below, unless the client left first
      // One string, then one write, per page; the page's records are let go of before waiting
      // (for the socket, then for the next page), so that they die young, in the cheap
      // collections of the young generation, instead of being promoted.
      const text = records.length > 0 ? pageToLines(records) : '';
      records = undefined;
      if (text !== '') await write(res, text);
      if (!next || isClosed) break;
      records = await next;
    }
  } finally {
    res.off('close', markClosed);
  }

  if (!isClosed) res.end();
}

/** Writes `chunk`, then waits for 'drain' when the socket is full (or for 'close' if the client left). */
async function write(res: Response, chunk: string): Promise<void> {
  if (res.destroyed || res.write(chunk)) return;

  const controller = new AbortController();
  await Promise.race([
    once(res, 'drain', { signal: controller.signal }),
    once(res, 'close', { signal: controller.signal }),
  ]).finally(() => controller.abort());
}

// Papa Parse (well-kept, RFC 4180) quotes the cells that need it: a delimiter, a quote, a line
// break, a byte-order mark or a leading/trailing space. It is used for how little it allocates
// per page: over a long export, that allocation is most of what the garbage collector works on.
// Cells are cast to text first: dates in ISO 8601, JSON values as JSON text, null and undefined
// empty, `true` as `1` and `false` empty.
const UNPARSE_CONFIG: Papa.UnparseConfig = { newline: '\n', header: false };

// Formula injection (OWASP "CSV Injection"): a spreadsheet runs a cell starting with `=`, `+`, `-`,
// `@`, tab or carriage return as a formula (`=HYPERLINK(...)`). Such text cells get a leading `'`,
// which spreadsheets show as text, and are quoted. Papa Parse's own `escapeFormulae` does the
// same, but it cannot tell the text cells from the numbers, which are cast to text before it sees
// them (see `toCell`): it would turn -5 into '-5. Numbers are never formulas, so they stay as is,
// and so does text that is only a negative number (BIGINT and DECIMAL values too large for a JS
// number travel as text).
const FORMULA_START = /^[=+\-@\t\r]/;
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;
const ESCAPED_FORMULA = /^'[=+\-@\t\r]/;
const ESCAPED_CONFIG: Papa.UnparseConfig = {
  ...UNPARSE_CONFIG,
  // Quotes the escaped cells; cells that already started with `'=` are quoted too, which is harmless.
  quotes: (value: unknown) => typeof value === 'string' && ESCAPED_FORMULA.test(value),
};

/** A text cell a spreadsheet would run as a formula, prefixed with `'`; any other cell unchanged. */
function escapeFormula(text: string): string {
  return FORMULA_START.test(text) && !NEGATIVE_NUMBER.test(text) ? `'${text}` : text;
}

function noEscape(text: string): string {
  return text;
}

/** The text of one cell, before quoting. */
function toCell(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      // Integers (ids, mostly) through toFixed(0), which writes the same digits as String() but
      // bypasses V8's number-to-string cache: a cached string stays referenced until its entry is
      // overwritten, long enough, at export speed, to be promoted to the old generation and grow
      // the memory of a long export.
      return Number.isInteger(value) ? value.toFixed(0) : String(value);
    case 'boolean':
      return value ? '1' : '';
    case 'bigint':
      return value.toString();
    case 'object':
      if (value === null) return '';
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
      return JSON.stringify(value);
    default:
      return value === undefined ? '' : String(value);
  }
}

/** The CSV lines (each ended by `\n`) of rows of cells. */
function toLines(rows: string[][], config: Papa.UnparseConfig): string {
  return `${Papa.unparse(rows, config)}\n`;
}

/**
 * The CSV lines of a page of records, one column per path of `columns`, in one Papa Parse call
 * per page. Relation paths (`author:name`) are split once per export, not once per cell.
 */
function makePageWriter(
  columns: readonly string[],
  config: Papa.UnparseConfig,
  escapeText: (text: string) => string,
): (page: readonly RecordData[]) => string {
  const readers = columns.map(makeCellReader);
  // Only text values can be formulas: numbers, dates, booleans and JSON are written as they are.
  const cellOf = (value: unknown) => (typeof value === 'string' ? escapeText(value) : toCell(value));

  return (page) => {
    const rows = new Array<string[]>(page.length);
    for (let index = 0; index < page.length; index += 1) {
      const record = page[index] as RecordData;
      rows[index] = readers.map((read) => cellOf(read(record)));
    }

    return toLines(rows, config);
  };
}

/** Reads the value of column `path` of a record (own fields only, like `RecordUtils.getFieldValue`). */
function makeCellReader(path: string): (record: RecordData) => unknown {
  const segments = path.split(':');
  if (segments.length === 1) return (record) => (Object.hasOwn(record, path) ? record[path] : undefined);

  return (record) => {
    let current: unknown = record;
    for (const segment of segments) {
      if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
      // Own fields only: `constructor` or `__proto__` must not read the prototype.
      current = Object.hasOwn(current, segment) ? (current as RecordData)[segment] : undefined;
    }

    return current;
  };
}
