#!/usr/bin/env node
// Where a server's CPU time goes, from a V8 CPU profile (`node --cpu-prof`, as bench/reference
// and bench/mcp-list write with BENCH_CPU_PROF):
//   node bench/lib/profile-summary.mjs <file.cpuprofile> [--skip-ms 1500] [--top 20]
// Prints the top functions by self time, the time spent under each group of modules (inclusive:
// a sample counts once for every group on its stack) and the top functions by inclusive time.
// Frames of a bundle with a source map (our packages' dist/) are mapped back to their sources.
// `--skip-ms` leaves out the first milliseconds of the profile (the server's start). Read the self
// time first: a middleware's inclusive time counts whatever its synchronous `next()` runs.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Groups of modules, by where a frame's code lives; the first that matches names the frame. */
const GROUPS = [
  ['token verification (jose, http/auth)', /node_modules\/jose\/|agent\/src\/http\/auth\//],
  ['query-string parsing (qs, http/query)', /node_modules\/qs\/|agent\/src\/http\/query\/|node:querystring|node:url/],
  [
    'http framework (express, router, middlewares)',
    /node_modules\/(express|router|body-parser|finalhandler|send|on-finished|content-type|type-is|accepts|cors|path-to-regexp|parseurl|depd|vary|mime-types|mime-db|proxy-addr|forwarded|fresh|etag|debug|cookie|statuses|http-errors|negotiator|raw-body|media-typer|range-parser|encodeurl|escape-html)\/|agent\/src\/http\/(middlewares|create-agent-router|error-handler|route-context)|agent\/src\/agent\//,
  ],
  ['routes, operations, permissions', /agent\/src\/(operations|http\/permissions|http\/routes|http\/csv)\//],
  ['customizer stack (decorators)', /agent\/src\/customizer\//],
  ['filter, projection (toolkit)', /datasource-toolkit\/src\//],
  [
    'statement building (kysely, datasource-sql query)',
    /node_modules\/kysely\/|datasource-sql\/src\/(query\/(filter|joins|list|aggregate)|query\/[^/]+\.ts|dialects)/,
  ],
  ['row conversion (datasource-sql values)', /datasource-sql\/src\/query\/values\//],
  ['datasource-sql collection', /datasource-sql\/src\//],
  ['zod', /node_modules\/zod\//],
  ['pg driver', /node_modules\/(pg|pg-protocol|pg-pool|pg-types|pg-cursor|postgres-[a-z]+)\//],
  ['node http (parser, response write)', /node:_http_|node:http\b/],
  ['node net, streams, events', /node:(net|stream|events|internal\/stream|internal\/streams|buffer)/],
  ['bench server itself', /bench\//],
];

function groupOf(location) {
  return GROUPS.find(([, pattern]) => pattern.test(location))?.[0] ?? 'other';
}

const sourceMaps = new Map();
const shorten = (file) =>
  file
    .replace(/^.*\/node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, 'node_modules/')
    .replace(/^.*?\/packages\//, 'packages/');

/** `source:line` of a frame, through the source map beside its file when there is one. */
function locate({ url, lineNumber, columnNumber }) {
  if (!url) return '(native)';
  if (!url.startsWith('file://')) return `${url}:${lineNumber + 1}`;
  const file = fileURLToPath(url);
  if (!sourceMaps.has(file)) {
    const mapFile = `${file}.map`;
    sourceMaps.set(file, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))) : null);
  }
  const entry = sourceMaps.get(file)?.findEntry(lineNumber, columnNumber);
  if (!entry?.originalSource) return `${shorten(file)}:${lineNumber + 1}`;
  const source = entry.originalSource.replace(/^file:\/\//, '');
  return `${shorten(path.resolve(path.dirname(file), source))}:${entry.originalLine + 1}`;
}

/** Self and inclusive time by function and by module group of a V8 CPU profile, idle left out. */
export function summariseProfile(profile, { skipMs = 0 } = {}) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const describe = new Map();
  const describeNode = (id) => {
    if (describe.has(id)) return describe.get(id);
    const { callFrame } = nodes.get(id);
    const location = locate(callFrame);
    // Native code (writev, JSON.stringify's helpers...) counts for the module that called it.
    const parent = parents.get(id);
    const group = callFrame.url || parent === undefined ? groupOf(location) : describeNode(parent).group;
    const description = { name: `${callFrame.functionName || '(anonymous)'} ${location}`, group };
    describe.set(id, description);
    return description;
  };
  for (const node of profile.nodes) describeNode(node.id);

  const self = new Map();
  const inclusive = new Map();
  const groupsSelf = new Map();
  const groups = new Map();
  let elapsed = 0;
  let busy = 0;
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
  for (const [index, id] of profile.samples.entries()) {
    // A sample stands for the time until the next one.
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    elapsed += ms;
    const leaf = nodes.get(id).callFrame.functionName;
    if (elapsed < skipMs || leaf === '(idle)') continue;
    busy += ms;
    if (leaf === '(garbage collector)' || leaf === '(program)') {
      add(groupsSelf, leaf, ms);
      continue;
    }
    add(self, describe.get(id).name, ms);
    add(groupsSelf, describe.get(id).group, ms);
    const names = new Set();
    const onStack = new Set();
    for (let at = id; at !== undefined; at = parents.get(at)) {
      names.add(describe.get(at).name);
      onStack.add(describe.get(at).group);
    }
    for (const name of names) add(inclusive, name, ms);
    onStack.delete('other');
    for (const group of onStack) add(groups, group, ms);
  }
  const sorted = (map) => [...map.entries()].sort((a, b) => b[1] - a[1]);
  return { busy, self: sorted(self), inclusive: sorted(inclusive), groupsSelf: sorted(groupsSelf), groups };
}

function main() {
  const [file, ...options] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile-summary.mjs <file.cpuprofile> [--skip-ms N] [--top N]');
  const option = (name, fallback) => {
    const index = options.indexOf(name);
    return index === -1 ? fallback : Number(options[index + 1]);
  };
  const top = option('--top', 20);
  const summary = summariseProfile(JSON.parse(readFileSync(file, 'utf8')), { skipMs: option('--skip-ms', 0) });
  const line = ([name, ms]) =>
    `  ${((ms / summary.busy) * 100).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(6)} ms  ${name}`;
  console.log(`${file}: ${summary.busy.toFixed(0)} ms of CPU (idle left out)`);
  console.log('\nby module group: self time, then inclusive (a sample counts once for each group on its stack):');
  for (const [group, ms] of summary.groupsSelf) {
    const inclusive = summary.groups.get(group);
    console.log(
      `${line([group, ms])}${inclusive === undefined ? '' : `   (inclusive ${line(['', inclusive]).trim()})`}`,
    );
  }
  console.log(`\ntop ${top} by self time:`);
  for (const entry of summary.self.slice(0, top)) console.log(line(entry));
  console.log(`\ntop ${top} by inclusive time:`);
  for (const entry of summary.inclusive.slice(0, top)) console.log(line(entry));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
