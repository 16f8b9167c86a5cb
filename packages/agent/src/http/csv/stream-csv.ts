import { once } from 'node:events';
import { Page, type Projection, type RecordData } from '@platform/datasource-toolkit';
import type { Response } from 'express';

/** Records an export reads per query: large enough to be fast, small enough to keep memory flat. */
export const CSV_PAGE_SIZE = 1000;

export interface StreamCsvOptions {
  readonly filename: string;
  /** The columns, in order; relation paths (`author:name`) are read through nested records. */
  readonly projection: Projection;
  /** Reads one page of the export, in a stable order. */
  readonly fetchPage: (page: Page) => Promise<RecordData[]>;
  readonly pageSize?: number;
}

/**
 * Streams records as CSV, one page at a time: the next page is read while the current one is
 * written (so at most two pages are held in memory), the page after it only once the current one
 * was written (waiting for 'drain' when the socket is full), and reading stops as soon as the
 * client goes away.
 */
export async function streamCsv(res: Response, options: StreamCsvOptions): Promise<void> {
  const { projection, fetchPage, pageSize = CSV_PAGE_SIZE } = options;
  const columns = [...projection];
  const toLines = makePageWriter(columns);
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
    await write(res, toLine(columns));
    for (let skip = pageSize; !isClosed && records !== undefined; skip += pageSize) {
      // The next page is read while this one is converted and written, so that the database's
      // latency overlaps the agent's work: at most two pages are held in memory.
      const next: Promise<RecordData[]> | undefined =
        records.length < pageSize ? undefined : fetchPage(new Page(skip, pageSize));
      next?.catch(() => undefined); // awaited below, unless the client left first
      // One string, then one write, per page; the page's records are let go of before waiting
      // (for the socket, then for the next page), so that they die young, in the cheap
      // collections of the young generation, instead of being promoted.
      const text = records.length > 0 ? toLines(records) : '';
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

/**
 * The CSV lines of a page of records, one column per path of `columns`: the cells are encoded
 * straight into the page's text (no array of cells per record), and relation paths
 * (`author:name`) are split once per export rather than once per cell. Same output as `toLine`
 * on each record's cells (`RecordUtils.getFieldValue` semantics: own fields only).
 */
function makePageWriter(columns: readonly string[]): (page: readonly RecordData[]) => string {
  const cells = columns.map(makeCellEncoder);
  const [first, ...others] = cells;
  if (first === undefined) return (page) => '\n'.repeat(page.length);

  return (page) => {
    let text = '';
    for (const record of page) {
      let line = first(record);
      for (const cell of others) line += `,${cell(record)}`;
      text += `${line}\n`;
    }

    return text;
  };
}

/** The encoded cell of column `path` of a record. */
function makeCellEncoder(path: string): (record: RecordData) => string {
  const segments = path.split(':');
  if (segments.length === 1) return (record) => encodeCell(Object.hasOwn(record, path) ? record[path] : undefined);

  return (record) => {
    let current: unknown = record;
    for (const segment of segments) {
      if (typeof current !== 'object' || current === null || Array.isArray(current)) return '';
      // Own fields only: `constructor` or `__proto__` must not read the prototype.
      current = Object.hasOwn(current, segment) ? (current as RecordData)[segment] : undefined;
    }

    return encodeCell(current);
  };
}

/** A value as `toLine` writes it: dates in ISO, other objects as JSON, quoted when needed. */
function encodeCell(value: unknown): string {
  if (value === undefined || value === null || value === false) return '';
  if (value === true) return '1';
  if (typeof value === 'number') return `${value}`;
  const text: string | undefined =
    typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : JSON.stringify(value);
  if (text === undefined) return ''; // JSON.stringify of a function or symbol

  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * One CSV line, as csv-stringify writes it with its default options (which this file used before;
 * this is several times faster on large exports): fields joined with `,`, a final `\n`; a field
 * holding `,`, `"`, `\n` or `\r` is quoted, its quotes doubled; null is empty; true is `1` and
 * false empty; numbers in JavaScript's notation.
 */
export function toLine(cells: ReadonlyArray<string | number | boolean | null>): string {
  let line = '';
  for (let index = 0; index < cells.length; index += 1) {
    if (index > 0) line += ',';
    const cell = cells[index];
    if (cell === null || cell === undefined || cell === false) continue;
    if (cell === true) line += '1';
    else if (typeof cell === 'number') line += `${cell}`;
    else line += NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
  }

  return `${line}\n`;
}

const NEEDS_QUOTES = /[",\n\r]/;
