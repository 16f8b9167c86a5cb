import { parseDataUri, toDataUri } from '../../../../../src/customizer/decorators/action/form/data-uri';

describe('parseDataUri', () => {
  test('decodes a base64 data URI with a name', () => {
    expect(parseDataUri('data:image/png;name=logo.png;base64,AAE=')).toEqual({
      mimeType: 'image/png',
      name: 'logo.png',
      buffer: Buffer.from([0, 1]),
    });
  });

  test('names a file without name "file"', () => {
    expect(parseDataUri('data:text/plain;base64,aGk=')?.name).toBe('file');
  });

  test('decodes URI-encoded text when the data is not base64', () => {
    expect(parseDataUri('data:text/plain;name=a.txt,hello%20world')?.buffer.toString()).toBe('hello world');
  });

  test('round-trips with toDataUri, name and charset included', () => {
    const file = { mimeType: 'text/csv', name: 'année 1.csv', charset: 'utf-8', buffer: Buffer.from('a;b') };

    expect(parseDataUri(toDataUri(file))).toEqual(file);
  });

  test.each([
    ['a value that is not a string', 12],
    ['a plain string', 'hello'],
    ['a data URI without mime type', 'data:;base64,aGk='],
    ['a data URI without data separator', 'data:text/plain;base64'],
    ['invalid base64', 'data:text/plain;base64,a$b='],
    ['a truncated base64 quantum', 'data:text/plain;base64,a'],
    ['a malformed escape in the data', 'data:text/plain,%E0%A4%A'],
  ])('returns null for %s', (_case, value) => {
    expect(parseDataUri(value)).toBeNull();
  });
});
