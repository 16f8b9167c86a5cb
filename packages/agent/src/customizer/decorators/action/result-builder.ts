import { Readable } from 'node:stream';
import type { ActionResult } from '@platform/datasource-toolkit';

type WebhookMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const WEBHOOK_METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
// RFC 9110 token characters; values must not carry line breaks (header injection).
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_VALUE = /^[^\r\n\0]*$/;

/**
 * Builds what an action returns (spec §2.3). Call `setHeader` any number of times, then one of
 * the result methods: every result carries the headers set so far in `responseHeaders`.
 *
 * `setHeader` changes this builder and returns it, unlike our immutable values: actions commonly
 * call it as a statement before `return resultBuilder.success()`, and that must not lose the header.
 *
 * @example return resultBuilder.setHeader('x-request-id', id).success('Done', { invalidated: ['orders'] });
 */
export class ActionResultBuilder {
  private readonly headers: Record<string, string> = {};

  /** Adds an HTTP header to the action's response. @throws Error on an invalid name or value. */
  setHeader(name: string, value: string): this {
    if (typeof name !== 'string' || !HEADER_NAME.test(name)) {
      throw new Error(`Invalid response header name ${JSON.stringify(name)}: use letters, digits and -.`);
    }
    if (typeof value !== 'string' || !HEADER_VALUE.test(value)) {
      throw new Error(`Invalid value for response header '${name}': expected a string without line breaks.`);
    }
    this.headers[name] = value;

    return this;
  }

  /**
   * A success notification.
   * @param options.html custom HTML shown instead of the message.
   * @param options.invalidated names of collections the UI must reload.
   */
  success(message = 'Success', options: { html?: string; invalidated?: readonly string[] } = {}): ActionResult {
    return {
      type: 'Success',
      message: checkString('success', 'message', message),
      ...(options.html === undefined ? {} : { html: checkString('success', 'options.html', options.html) }),
      invalidated: new Set(checkStrings('success', 'options.invalidated', options.invalidated ?? [])),
      responseHeaders: { ...this.headers },
    };
  }

  /** An error notification: the user-facing way to report a failure (the response is still a 200). */
  error(message = 'Error', options: { html?: string } = {}): ActionResult {
    return {
      type: 'Error',
      message: checkString('error', 'message', message),
      ...(options.html === undefined ? {} : { html: checkString('error', 'options.html', options.html) }),
      responseHeaders: { ...this.headers },
    };
  }

  /** Makes the user's browser call `url` (an http or https URL). */
  webhook(
    url: string,
    method: WebhookMethod = 'POST',
    headers: Record<string, string> = {},
    body: unknown = {},
  ): ActionResult {
    if (!isHttpUrl(url)) throw new Error(`webhook(): expected an http(s) URL, got ${JSON.stringify(url)}.`);
    if (!WEBHOOK_METHODS.includes(method)) {
      throw new Error(`webhook(): unknown method ${JSON.stringify(method)}; use ${WEBHOOK_METHODS.join(', ')}.`);
    }

    return { type: 'Webhook', url, method, headers: { ...headers }, body, responseHeaders: { ...this.headers } };
  }

  /**
   * A file download.
   * @param content a readable stream, a buffer, or a string (sent as UTF-8).
   */
  file(
    content: Readable | Buffer | Uint8Array | string,
    filename = 'file',
    mimeType = 'application/octet-stream',
  ): ActionResult {
    checkString('file', 'filename', filename);
    checkString('file', 'mimeType', mimeType);

    return { type: 'File', name: filename, mimeType, stream: toStream(content), responseHeaders: { ...this.headers } };
  }

  /** Sends the user to `path` (a path of the platform's UI, or a URL). */
  redirectTo(path: string): ActionResult {
    if (typeof path !== 'string' || path.trim() === '') {
      throw new Error(`redirectTo(): expected a non-empty path, got ${JSON.stringify(path)}.`);
    }

    return { type: 'Redirect', path, responseHeaders: { ...this.headers } };
  }
}

function toStream(content: unknown): Readable {
  if (content instanceof Readable) return content;
  // Readable.from would iterate a string or buffer chunk by chunk: wrap it as one chunk.
  if (typeof content === 'string') return Readable.from([Buffer.from(content, 'utf8')]);
  if (content instanceof Uint8Array) return Readable.from([Buffer.from(content)]);
  throw new Error('file(): expected a readable stream, a Buffer or a string.');
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string' || !URL.canParse(value)) return false;
  const { protocol } = new URL(value);

  return protocol === 'http:' || protocol === 'https:';
}

function checkString(method: string, name: string, value: unknown): string {
  if (typeof value !== 'string') throw new Error(`${method}(): ${name} must be a string, got ${typeof value}.`);

  return value;
}

function checkStrings(method: string, name: string, values: unknown): string[] {
  if (!Array.isArray(values) || values.some((value) => typeof value !== 'string')) {
    throw new Error(`${method}(): ${name} must be an array of collection names.`);
  }

  return values;
}
