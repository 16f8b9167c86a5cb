// The table bench/reference prints, in Markdown (it goes into bench/README.md as it is). Ratios
// compare speed: requests/s, or the inverse of a time, so above 1x (or 100%) ours is faster.

const MB = 1024 * 1024;
const ratio = (ours, other) => `${(ours / other).toFixed(1)}x`;
const percent = (ours, floor) => `${Math.round((ours / floor) * 100)}%`;
const number = (value) => Math.round(value).toLocaleString('en');

function throughputRow({ title, results, pgRate }) {
  const [reference, ours, floor] = results;
  const failures = results.filter((side) => side.failures > 0).map((side) => `${side.label} ${side.failures}`);
  const failed = failures.length > 0 ? ` (FAILED REQUESTS: ${failures.join(', ')})` : '';
  return [
    `${title}${failed}`,
    `${number(reference.rps)} req/s`,
    `${number(ours.rps)} req/s`,
    `${number(floor.rps)} req/s`,
    `${number(pgRate)} q/s`,
    ratio(ours.rps, reference.rps),
    percent(ours.rps, floor.rps),
  ];
}

function csvRow({ title, csv }) {
  const cell = (side) => `${csv[side].seconds.toFixed(2)} s (+${(csv[side].rssGrowth / MB).toFixed(0)} MB RSS)`;
  return [
    title,
    cell('reference'),
    cell('ours'),
    cell('floor'),
    '',
    ratio(csv.reference.seconds, csv.ours.seconds),
    percent(csv.floor.seconds, csv.ours.seconds),
  ];
}

function startRow({ title, times }) {
  const cell = (side) => `${number(times[side])} ms`;
  return [
    title,
    cell('reference'),
    cell('ours'),
    cell('floor'),
    '',
    ratio(times.reference, times.ours),
    percent(times.floor, times.ours),
  ];
}

const ROW = { throughput: throughputRow, csv: csvRow, start: startRow };

export function printTable(rows) {
  const header = [
    'scenario',
    'reference',
    'ours',
    'floor (node:http + pg)',
    'raw pg loop',
    'ours / reference',
    'ours / floor',
  ];
  const line = (cells) => `| ${cells.join(' | ')} |`;
  console.log(`\n${line(header)}\n${line(header.map(() => '---'))}`);
  for (const row of rows) console.log(line(ROW[row.kind](row)));

  const throughput = rows.filter((row) => row.kind === 'throughput');
  if (throughput.length === 0) return;
  console.log('\nserver CPU per request (ms; reference / ours / floor), p50 latency (ms):');
  for (const { title, results } of throughput) {
    const cpu = results.map((side) => side.cpuPerRequest.toFixed(2)).join(' / ');
    const p50 = results.map((side) => side.p50.toFixed(1)).join(' / ');
    console.log(`  ${title}: CPU ${cpu}; p50 ${p50}`);
  }
}
