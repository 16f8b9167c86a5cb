#!/usr/bin/env node
// One command from the repository root: `pnpm bench mcp-list` (or `node bench/mcp-list/run.mjs`).
// The `list` tool through the agent's MCP server (a raw JSON-RPC `tools/call` POST to /mcp,
// stateless) against the same list over the agent's HTTP route (GET /platform/bench_books with the
// same filter, sort, page and fields), both served by one offline agent process on one listener
// over PostgreSQL (`platform_bench`, built by bench/sql-list), with one HS256 token:
//   (a) latency: one request at a time, the two sides alternating, p50 and p99 (the target);
//   (b) throughput: autocannon, 10 connections, the two sides alternating: requests/s, p50, p99
//       and the server's CPU time per request.
// BENCH_CPU_PROF=<dir> writes the server's CPU profile there (`--cpu-prof`). Target and latest
// figures: bench/README.md. `--quick`: a short smoke run.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBooksDatabase } from '../lib/books-database.mjs';
import { describeRun } from '../lib/machine.mjs';
import { freePort, startServer as startProcess, stopServer } from '../lib/servers.mjs';
import { FROM_SOURCES } from '../lib/sources.mjs';
import { BENCH_USER, signToken } from '../lib/token.mjs';
import {
  CONNECTIONS,
  closeClient,
  DURATION,
  measureLatency,
  measureThroughput,
  printTable,
  REQUESTS,
  ROUNDS,
  send,
  WARM_UP,
} from './measure.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const TARGET = 1.5; // MCP p50 within 1.5x of the route's p50
const AUTH_SECRET = 'bench-auth-secret-of-sufficient-length';

async function startServer() {
  const profileDir = process.env.BENCH_CPU_PROF;
  return startProcess(join(here, 'server.cjs'), [AUTH_SECRET, String(await freePort())], {
    execArgv: [...FROM_SOURCES, ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(profileDir)}`] : [])],
  });
}

async function main() {
  await ensureBooksDatabase();
  const token = await signToken(BENCH_USER, AUTH_SECRET);
  const filter = { field: 'status', operator: 'Equal', value: 'published' };
  const route = {
    label: 'route: GET /platform/bench_books',
    request: {
      method: 'GET',
      path: `/platform/bench_books?fields[bench_books]=id,title,status,price,created_at,author&fields[author]=name&filters=${encodeURIComponent(JSON.stringify(filter))}&sort=-created_at&page[number]=1&page[size]=15`,
      headers: { authorization: `Bearer ${token}` },
    },
  };
  const mcp = {
    label: 'MCP: POST /mcp, tools/call list',
    request: {
      method: 'POST',
      path: '/mcp',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'list',
          arguments: {
            collection: 'bench_books',
            filter,
            sort: '-created_at',
            fields: ['id', 'title', 'status', 'price', 'created_at', 'author:name'],
            page: { number: 1, size: 15 },
          },
        },
      }),
    },
  };

  const server = await startServer();
  try {
    // Both sides must answer the same page before they are compared.
    const routePage = JSON.parse(await send(server.port, route.request)).data;
    const { result } = JSON.parse(await send(server.port, mcp.request));
    if (result?.isError || !result?.structuredContent)
      throw new Error(`The list tool failed: ${JSON.stringify(result)}`);
    const mcpPage = result.structuredContent.records;
    const summary = (records) => records.map(({ id, author }) => `${id}:${author?.name}`).join(',');
    const [ours, theirs] = [
      summary(mcpPage.map(({ id, record }) => ({ id, author: record.author }))),
      summary(routePage),
    ];
    if (mcpPage.length !== 15 || ours !== theirs)
      throw new Error(`The pages differ:\n  MCP   ${ours}\n  route ${theirs}`);

    console.log(
      `mcp-list: one offline agent (MCP and routes on one listener), list of 15 bench_books with author:name, ` +
        `filter status = published, sort -created_at; ${describeRun()}`,
    );
    const latency = await measureLatency(server.port, [mcp, route]);
    printTable(
      `(a) one request at a time, alternating, ${REQUESTS} each after ${WARM_UP} warm-up rounds`,
      latency,
      false,
    );
    const throughput = await measureThroughput(server, [mcp, route]);
    printTable(
      `(b) autocannon, ${CONNECTIONS} connections, ${ROUNDS} x ${DURATION} s per side, alternating`,
      throughput,
      true,
    );

    const ratio = latency[0].p50 / latency[1].p50;
    console.log(
      `\nMCP p50 / route p50 (a): ${ratio.toFixed(2)}x   target <= ${TARGET}x: ${ratio <= TARGET ? 'met' : 'NOT met'}`,
    );
  } finally {
    await stopServer(server);
    closeClient();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
