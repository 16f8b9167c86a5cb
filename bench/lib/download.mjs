// A whole export downloaded by one client while the server's RSS is sampled.
import http from 'node:http';
import { rssOf } from './process-figures.mjs';

/**
 * GETs `path` from the server (`{ port, child }`), counting lines, while reading the server's RSS
 * every 50 ms. Resolves to the rows (lines less the header), bytes, seconds, rows/s, RSS before
 * and the peak RSS growth.
 */
export function download(server, path, headers = {}) {
  return new Promise((resolve, reject) => {
    const before = rssOf(server.child.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(server.child.pid));
    }, 50);
    const started = process.hrtime.bigint();
    let lines = 0;
    let bytes = 0;
    http
      .get({ host: '127.0.0.1', port: server.port, path, headers }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${res.statusCode} ${path}`));
        res.on('data', (chunk) => {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
        });
        res.on('end', () => {
          clearInterval(sampler);
          const seconds = Number(process.hrtime.bigint() - started) / 1e9;
          const rows = lines - 1;
          resolve({ rows, bytes, seconds, rowsPerSecond: rows / seconds, before, rssGrowth: peak - before });
        });
        res.on('error', reject);
      })
      .on('error', (error) => {
        clearInterval(sampler);
        reject(error);
      });
  });
}

/** GETs `path` from 127.0.0.1:`port` and parses the JSON answer; rejects on a non-200. */
export function getJson(port, path, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(`${res.statusCode} ${path}: ${text}`)),
        );
      })
      .on('error', reject);
  });
}
