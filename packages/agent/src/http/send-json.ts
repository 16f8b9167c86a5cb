import type { ServerResponse } from 'node:http';

/**
 * Answers `body` as JSON with `status`: the body stringified once, its type and length in one
 * `writeHead` (merged with the headers already set, such as `X-Request-Id`), then one `end`.
 *
 * Why not Express's `res.json`: on every answer it sets the headers one by one, hashes the body
 * for a weak ETag and checks the request's freshness against it. The agent's answers are per-user
 * data that clients do not revalidate, so the ETag saved nothing and cost a hash per request on
 * the hottest routes (see bench/README.md, "Where our time goes"). It also reads the host app's
 * `json spaces` and `json replacer` settings, which should not change what the agent answers.
 * Node drops the body of a HEAD answer by itself and keeps its length.
 */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(json),
  });
  res.end(json);
}
