// Preloaded into the platform-api server by run.mjs (`node --require`): writes the text and values
// of the notes statement the server sends through pg to BENCH_CAPTURE_FILE when that file does not
// exist (run.mjs removes it before each scenario's first request), so that the bare server runs
// exactly the statement the endpoint runs. Only a stat per measured request, not a file write: the
// measured server must not pay for the capture. Patches the bench's server only.
const { existsSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const appDir = path.join(__dirname, '..', '..', 'apps', 'platform-api');
const { Client } = require(require.resolve('pg', { paths: [appDir] }));
const query = Client.prototype.query;

Client.prototype.query = function captureNotesStatement(...args) {
  const [config, values] = args;
  const text = typeof config === 'string' ? config : config?.text;
  if (typeof text === 'string' && text.includes('FROM "Note" n') && !existsSync(process.env.BENCH_CAPTURE_FILE)) {
    const bound = typeof config === 'string' ? values : config.values;
    writeFileSync(process.env.BENCH_CAPTURE_FILE, JSON.stringify({ text, values: bound }));
  }
  return query.apply(this, args);
};
