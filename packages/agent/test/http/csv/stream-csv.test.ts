import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TooManyRequestsError } from '@platform/datasource-toolkit';
import { sleep } from '@platform/tooling/test-helpers';
import request from 'supertest';
import { makeGeneratedDataSource } from '../../factories/generated-data-source';
import { makeApp } from '../../factories/make-app';
import { withTestExtras } from '../../factories/test-collection';

/** Listens on a random port; returns its base URL and a closer. */
async function listen(app: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('CSV export', () => {
  test('writes a header row of the projection, relation columns flattened, dates in ISO', async () => {
    const { app, authorization } = await makeApp();

    const response = await request(app)
      .get('/platform/books.csv?fields[books]=title,publishedAt,author&fields[author]=name')
      .set('Authorization', authorization);

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename=books.csv');
    expect(response.text).toBe(
      'title,publishedAt,author:name\n' +
        'Dune,1965-08-01T00:00:00.000Z,Frank Herbert\n' +
        'The Dispossessed,,Ursula Le Guin\n' +
        'Children of Dune,,Frank Herbert\n',
    );
  });

  test('applies filters and sort to the export', async () => {
    const { app, authorization } = await makeApp();
    const filters = JSON.stringify({ field: 'price', operator: 'GreaterThan', value: 9 });

    const response = await request(app)
      .get('/platform/books.csv')
      .query({ filters, sort: '-price', 'fields[books]': 'title,price' })
      .set('Authorization', authorization);

    expect(response.text).toBe('title,price\nChildren of Dune,12\nDune,10\n');
  });

  test('quotes values holding commas, quotes or line breaks', async () => {
    const { app, authorization } = await makeApp();
    await request(app)
      .put('/platform/authors/1')
      .set('Authorization', authorization)
      .send({ data: { name: 'Herbert, "Frank"\nJr' } });

    const response = await request(app)
      .get('/platform/authors.csv?fields[authors]=name')
      .set('Authorization', authorization);

    expect(response.text).toBe('name\n"Herbert, ""Frank""\nJr"\nUrsula Le Guin\n');
  });

  test('writes Date objects of the collection as ISO strings', async () => {
    const { dataSource } = makeGeneratedDataSource(2);
    const { app, authorization } = await makeApp({ dataSource });

    const response = await request(app).get('/platform/rows.csv').set('Authorization', authorization);

    expect(response.text).toBe(
      'id,label,createdAt\n1,row 1,2024-01-01T00:00:00.000Z\n2,row 2,2024-01-01T00:00:01.000Z\n',
    );
  });

  test('answers a JSON error, not a CSV, when the first query fails', async () => {
    const { dataSource } = makeGeneratedDataSource(10);
    const failing = withTestExtras(dataSource, {
      collections: {
        rows: {
          list: async () => {
            throw new TooManyRequestsError('Export quota reached.');
          },
        },
      },
    });
    const { app, authorization } = await makeApp({ dataSource: failing });

    const response = await request(app).get('/platform/rows.csv').set('Authorization', authorization);

    expect(response.status).toBe(429);
    expect(response.body.errors[0].name).toBe('TooManyRequestsError');
  });

  test('pages through the collection, 1000 records per query', async () => {
    const { dataSource, probe } = makeGeneratedDataSource(2500);
    const { app, authorization } = await makeApp({ dataSource });

    const response = await request(app).get('/platform/rows.csv').set('Authorization', authorization);

    expect(response.text.split('\n')).toHaveLength(2502);
    expect(probe.calls).toEqual([
      { skip: 0, limit: 1000 },
      { skip: 1000, limit: 1000 },
      { skip: 2000, limit: 1000 },
    ]);
  });

  test('stops reading pages while a slow client does not read (back-pressure)', async () => {
    // 1 KB rows: one page is ~1 MB, so socket buffers hold a few pages at most.
    const { dataSource, probe } = makeGeneratedDataSource(100_000, 1000);
    const { app, authorization } = await makeApp({ dataSource });
    const server = await listen(app);

    const pagesWhilePaused = await new Promise<number>((resolve) => {
      const req = http.get(`${server.url}/platform/rows.csv`, { headers: { Authorization: authorization } }, (res) => {
        res.pause();
        // Give the server ample time to fill every buffer it can.
        setTimeout(() => {
          resolve(probe.calls.length);
          req.destroy();
        }, 500);
      });
      req.on('error', () => undefined);
    });
    await server.close();

    console.log(`back-pressure: ${pagesWhilePaused} page(s) of 100 read while the client was paused`);
    expect(pagesWhilePaused).toBeLessThanOrEqual(20);
  });

  test('stops querying when the client disconnects', async () => {
    const { dataSource, probe } = makeGeneratedDataSource(100_000, 1000);
    const { app, authorization } = await makeApp({ dataSource });
    const server = await listen(app);

    await new Promise<void>((resolve) => {
      const req = http.get(`${server.url}/platform/rows.csv`, { headers: { Authorization: authorization } }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', () => undefined);
    });
    await sleep(200);
    const callsAfterAbort = probe.calls.length;
    await sleep(300);
    await server.close();

    expect(probe.calls.length).toBe(callsAfterAbort);
    expect(callsAfterAbort).toBeLessThan(100);
  });

  test('streams 100k rows with bounded memory', async () => {
    const rowCount = 100_000;
    const { dataSource, probe } = makeGeneratedDataSource(rowCount, 200);
    const { app, authorization } = await makeApp({ dataSource });
    const server = await listen(app);
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    let lines = 0;
    let bytes = 0;
    let chunks = 0;
    let maxRowsAhead = 0;

    await new Promise<void>((resolve, reject) => {
      http
        .get(`${server.url}/platform/rows.csv`, { headers: { Authorization: authorization } }, (res) => {
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            chunks += 1;
            for (const byte of chunk) if (byte === 10) lines += 1;
            maxRowsAhead = Math.max(maxRowsAhead, probe.rowsProduced - (lines - 1));
            if (chunks % 20 === 0) {
              const usage = process.memoryUsage();
              peakRss = Math.max(peakRss, usage.rss);
              peakHeap = Math.max(peakHeap, usage.heapUsed);
            }
          });
          res.on('end', () => resolve());
          res.on('error', reject);
        })
        .on('error', reject);
    });
    await server.close();
    const mb = (value: number) => `${(value / 1024 / 1024).toFixed(1)} MB`;

    console.log(
      `CSV of ${rowCount} rows (${mb(bytes)}): peak RSS growth ${mb(peakRss - before.rss)}, ` +
        `peak heap growth ${mb(peakHeap - before.heapUsed)}, ${probe.calls.length} list calls, ` +
        `at most ${maxRowsAhead} rows read ahead of the client`,
    );
    expect(lines).toBe(rowCount + 1);
    expect(probe.calls.every((call) => call.limit === 1000)).toBe(true);
    // Generous: one page in hand plus what socket buffers hold; buffering the whole export would reach 100k.
    expect(maxRowsAhead).toBeLessThanOrEqual(50_000);
  });
});
