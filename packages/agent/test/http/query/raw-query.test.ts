import type { Request } from 'express';
import { readRawQuery } from '../../../src/http/query/raw-query';

const requestTo = (originalUrl: string) => ({ originalUrl }) as Request;

describe('readRawQuery', () => {
  test('reads bracketed keys as written', () => {
    const query = readRawQuery(requestTo('/platform/books?page%5Bsize%5D=5&fields[books]=id,title'));

    expect(Object.fromEntries(query)).toEqual({ 'page[size]': '5', 'fields[books]': 'id,title' });
  });

  test('keeps the last value of a repeated key', () => {
    expect(readRawQuery(requestTo('/x?sort=a&sort=-b')).get('sort')).toBe('-b');
  });

  test('is empty without a query string', () => {
    expect(readRawQuery(requestTo('/x')).size).toBe(0);
  });
});
