import { pipeline } from 'node:stream/promises';
import type { ActionResult } from '@platform/datasource-toolkit';
import type { Response } from 'express';

/**
 * Answers with what an action produced. `responseHeaders` apply to every kind.
 * - Success: 200 `{ success, html?, refresh: { relationships } }` (the invalidated relations)
 * - Error: 400 `{ error, html? }`
 * - Webhook: 200 `{ webhook: { url, method, headers, body } }`
 * - File: 200, the stream as an attachment of its mime type
 * - Redirect: 200 `{ redirectTo }`
 */
export async function sendActionResult(res: Response, result: ActionResult): Promise<void> {
  for (const [name, value] of Object.entries(result.responseHeaders ?? {})) res.setHeader(name, value);

  switch (result.type) {
    case 'Success':
      res.json({ success: result.message, html: result.html, refresh: { relationships: [...result.invalidated] } });
      return;
    case 'Error':
      res.status(400).json({ error: result.message, html: result.html });
      return;
    case 'Webhook': {
      const { url, method, headers, body } = result;
      res.json({ webhook: { url, method, headers, body } });
      return;
    }
    case 'File':
      res.status(200).attachment(result.name);
      res.setHeader('Content-Type', result.mimeType);
      await pipeline(result.stream, res);
      return;
    case 'Redirect':
      res.json({ redirectTo: result.path });
      return;
    default: {
      const unknownResult: never = result;
      throw new Error(`Unknown action result ${JSON.stringify(unknownResult)}`);
    }
  }
}
