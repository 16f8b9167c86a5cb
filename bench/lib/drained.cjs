// Back-pressure for the bench servers' streamed answers (CommonJS: the servers are).
const { once } = require('node:events');

/** Resolves when `res` can take more, or is closed; leaves no listener behind. */
async function drained(res) {
  const controller = new AbortController();
  const { signal } = controller;
  await Promise.race([once(res, 'drain', { signal }), once(res, 'close', { signal })]).finally(() =>
    controller.abort(),
  );
}

module.exports = { drained };
