import type { Readable } from 'node:stream';
import { type ActionResult, UnprocessableError } from '@platform/datasource-toolkit';
import { z } from 'zod';
import type { ToolOutput } from './tool-definition';

/** Largest file an action may answer over MCP: the file travels base64-encoded in one message. */
export const MAX_ACTION_FILE_BYTES = 10 * 1024 * 1024;

/** What `executeAction` answers, whatever the kind of result (`type`). */
export const actionResultOutputSchema = z.object({
  collection: z.string(),
  action: z.string(),
  type: z.enum(['Success', 'Error', 'Webhook', 'File', 'Redirect']),
  message: z.string().optional(),
  html: z.string().optional(),
  invalidated: z.array(z.string()).optional().describe('Collections whose records the action changed.'),
  webhook: z
    .object({ url: z.string(), method: z.string(), headers: z.record(z.string(), z.string()), body: z.unknown() })
    .optional()
    .describe('A request the action asks the client to send.'),
  redirectTo: z.string().optional(),
  file: z
    .object({ name: z.string(), mimeType: z.string(), size: z.number() })
    .optional()
    .describe('The file the action produced; its content is the embedded resource of the result.'),
});

/**
 * The tool output of an action result. A file is read whole and embedded (base64) as a resource
 * named after it; an Error result is flagged `isError`, with its message.
 * @throws UnprocessableError when the file is larger than `MAX_ACTION_FILE_BYTES`.
 */
export async function toActionOutput(collection: string, action: string, result: ActionResult): Promise<ToolOutput> {
  const base = { collection, action, type: result.type };
  switch (result.type) {
    case 'Success':
      return { data: { ...base, ...message(result), invalidated: [...result.invalidated] } };
    case 'Error':
      return { data: { ...base, ...message(result) }, isError: true };
    case 'Webhook': {
      const { url, method, headers, body } = result;
      return { data: { ...base, webhook: { url, method, headers, body } } };
    }
    case 'Redirect':
      return { data: { ...base, redirectTo: result.path } };
    case 'File': {
      const content = await readAll(result.stream, result.name);
      const { name, mimeType } = result;
      return {
        data: { ...base, file: { name, mimeType, size: content.length } },
        extraContent: [
          {
            type: 'resource',
            resource: {
              uri: `attachment:${encodeURIComponent(name)}`,
              mimeType,
              blob: content.toString('base64'),
              _meta: { filename: name },
            },
          },
        ],
      };
    }
    default: {
      const unknownResult: never = result;
      throw new Error(`Unknown action result ${JSON.stringify(unknownResult)}`);
    }
  }
}

// Absent rather than undefined: JSON drops an undefined property, but a client validating the
// structured content in process may not.
function message(result: { readonly message: string; readonly html?: string }) {
  return result.html === undefined ? { message: result.message } : { message: result.message, html: result.html };
}

async function readAll(stream: Readable, name: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > MAX_ACTION_FILE_BYTES) {
      stream.destroy();
      throw new UnprocessableError(
        `The file '${name}' is larger than ${MAX_ACTION_FILE_BYTES / 1024 / 1024} MiB, the most an MCP result carries: ` +
          'download it from the platform instead.',
      );
    }
    chunks.push(buffer);
  }

  return Buffer.concat(chunks);
}
