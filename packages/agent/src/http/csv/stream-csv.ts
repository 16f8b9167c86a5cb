import { once } from 'node:events';
import { Page, type Projection, type RecordData, RecordUtils } from '@platform/datasource-toolkit';
import { stringify } from 'csv-stringify/sync';
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
 * Streams records as CSV, one page at a time: at most one page is held in memory, the next
 * page is read only once the previous one was written (waiting for 'drain' when the socket
 * is full), and reading stops as soon as the client goes away.
 */
export async function streamCsv(res: Response, options: StreamCsvOptions): Promise<void> {
  const { projection, fetchPage, pageSize = CSV_PAGE_SIZE } = options;
  const columns = [...projection];
  // The first page is read before anything is sent, so that its errors (the most likely ones:
  // validation, permissions in the collection) still get a proper error response.
  let records = await fetchPage(new Page(0, pageSize));

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
    await write(res, stringify([columns]));
    for (let skip = pageSize; !isClosed; skip += pageSize) {
      if (records.length > 0) {
        await write(res, stringify(records.map((record) => columns.map((path) => toCell(record, path)))));
      }
      if (records.length < pageSize || isClosed) break;
      records = await fetchPage(new Page(skip, pageSize));
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

function toCell(record: RecordData, path: string): string | number | boolean | null {
  const value = RecordUtils.getFieldValue(record, path);
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;

  return JSON.stringify(value);
}
