import { Readable } from 'node:stream';
import type { ActionResult } from '@platform/datasource-toolkit';
import { ActionResultBuilder } from '../../../../src/customizer/decorators/action/result-builder';

async function readAll(result: ActionResult): Promise<string> {
  if (result.type !== 'File') throw new Error(`expected a File result, got ${result.type}`);
  const chunks: Buffer[] = [];
  for await (const chunk of result.stream) chunks.push(Buffer.from(chunk));

  return Buffer.concat(chunks).toString('utf8');
}

describe('ActionResultBuilder', () => {
  test('success defaults to the message "Success", no html and no invalidated collection', () => {
    const result = new ActionResultBuilder().success();

    expect(result).toEqual({ type: 'Success', message: 'Success', invalidated: new Set(), responseHeaders: {} });
  });

  test('success carries its message, html and invalidated collections', () => {
    const result = new ActionResultBuilder().success('Paid', { html: '<b>ok</b>', invalidated: ['books', 'authors'] });

    expect(result).toEqual({
      type: 'Success',
      message: 'Paid',
      html: '<b>ok</b>',
      invalidated: new Set(['books', 'authors']),
      responseHeaders: {},
    });
  });

  test('error carries its message and html', () => {
    const result = new ActionResultBuilder().error('Not enough stock', { html: '<p>sorry</p>' });

    expect(result).toEqual({ type: 'Error', message: 'Not enough stock', html: '<p>sorry</p>', responseHeaders: {} });
  });

  test('error defaults to the message "Error"', () => {
    expect(new ActionResultBuilder().error()).toMatchObject({ type: 'Error', message: 'Error' });
  });

  test('webhook defaults to a POST with no header and an empty body', () => {
    const result = new ActionResultBuilder().webhook('https://hooks.example.com/x');

    expect(result).toEqual({
      type: 'Webhook',
      url: 'https://hooks.example.com/x',
      method: 'POST',
      headers: {},
      body: {},
      responseHeaders: {},
    });
  });

  test('webhook keeps its method, headers and body', () => {
    const result = new ActionResultBuilder().webhook('http://localhost/x', 'PUT', { 'x-key': '1' }, { id: 3 });

    expect(result).toMatchObject({ method: 'PUT', headers: { 'x-key': '1' }, body: { id: 3 } });
  });

  test('file streams a string as UTF-8 with default name and mime type', async () => {
    const result = new ActionResultBuilder().file('héllo');

    expect(result).toMatchObject({ type: 'File', name: 'file', mimeType: 'application/octet-stream' });
    expect(await readAll(result)).toBe('héllo');
  });

  test('file streams a buffer with its name and mime type', async () => {
    const result = new ActionResultBuilder().file(Buffer.from('a,b\n1,2'), 'report.csv', 'text/csv');

    expect(result).toMatchObject({ type: 'File', name: 'report.csv', mimeType: 'text/csv' });
    expect(await readAll(result)).toBe('a,b\n1,2');
  });

  test('file passes a readable stream through unchanged', async () => {
    const stream = Readable.from(['part 1, ', 'part 2']);

    const result = new ActionResultBuilder().file(stream, 'parts.txt', 'text/plain');

    expect(result.type === 'File' && result.stream).toBe(stream);
    expect(await readAll(result)).toBe('part 1, part 2');
  });

  test('redirectTo returns the path', () => {
    expect(new ActionResultBuilder().redirectTo('/books/1')).toEqual({
      type: 'Redirect',
      path: '/books/1',
      responseHeaders: {},
    });
  });

  test.each([
    ['success', (builder: ActionResultBuilder) => builder.success()],
    ['error', (builder: ActionResultBuilder) => builder.error()],
    ['webhook', (builder: ActionResultBuilder) => builder.webhook('https://example.com')],
    ['file', (builder: ActionResultBuilder) => builder.file('x')],
    ['redirectTo', (builder: ActionResultBuilder) => builder.redirectTo('/x')],
  ])('%s carries the headers set before it', (_name, build) => {
    const builder = new ActionResultBuilder();

    const result = build(builder.setHeader('x-request-id', '42').setHeader('cache-control', 'no-store'));

    expect(result.responseHeaders).toEqual({ 'x-request-id': '42', 'cache-control': 'no-store' });
  });

  test('setHeader called as a statement still reaches the result', () => {
    const builder = new ActionResultBuilder();

    builder.setHeader('x-a', '1');

    expect(builder.success().responseHeaders).toEqual({ 'x-a': '1' });
  });

  test('a result does not change when headers are set after it', () => {
    const builder = new ActionResultBuilder();
    const result = builder.success();

    builder.setHeader('x-late', '1');

    expect(result.responseHeaders).toEqual({});
  });

  test.each([
    ['a header name with a space', (b: ActionResultBuilder) => b.setHeader('bad name', 'x'), /header name/],
    ['a header value with a line break', (b: ActionResultBuilder) => b.setHeader('x-a', 'a\r\nb: c'), /line breaks/],
    ['a webhook to a non-http URL', (b: ActionResultBuilder) => b.webhook('ftp://example.com'), /http\(s\) URL/],
    ['a webhook to no URL', (b: ActionResultBuilder) => b.webhook('not a url'), /http\(s\) URL/],
    [
      'a webhook with an unknown method',
      (b: ActionResultBuilder) => b.webhook('https://example.com', 'TRACE' as 'GET'),
      /unknown method/,
    ],
    ['a file of a number', (b: ActionResultBuilder) => b.file(12 as unknown as string), /readable stream/],
    ['a file without a string name', (b: ActionResultBuilder) => b.file('x', 3 as unknown as string), /filename/],
    ['an empty redirect', (b: ActionResultBuilder) => b.redirectTo(' '), /non-empty path/],
    [
      'a success message that is not a string',
      (b: ActionResultBuilder) => b.success(3 as unknown as string),
      /message/,
    ],
    [
      'invalidated collections that are not names',
      (b: ActionResultBuilder) => b.success('ok', { invalidated: [1] as unknown as string[] }),
      /invalidated/,
    ],
    [
      'an error html that is not a string',
      (b: ActionResultBuilder) => b.error('x', { html: 1 as unknown as string }),
      /html/,
    ],
  ])('rejects %s with an Error', (_case, build, message) => {
    const builder = new ActionResultBuilder();

    expect(() => build(builder)).toThrow(message);
    expect(() => build(builder)).toThrow(expect.objectContaining({ name: 'Error' }));
  });
});
