import type { Collection } from '@platform/datasource-toolkit';
import { makeLibraryDataSource } from '@platform/datasource-toolkit/testing';
import { parseRecordProjection } from '../../../src/http/query/parsed-record-projection';
import { readRawQuery } from '../../../src/http/query/raw-query';

const parse = (collection: Collection, queryString: string) =>
  parseRecordProjection(collection, queryString, readRawQuery(queryString));

describe('parseRecordProjection (cache of the projections of record reads)', () => {
  test('parses a query string once per collection, then answers the same frozen projection', () => {
    const books = makeLibraryDataSource().getCollection('books');
    const queryString = 'fields[books]=title,author&fields[author]=name';

    const first = parse(books, queryString);
    const second = parse(books, queryString);

    expect(second).toBe(first);
    expect([...first]).toEqual(['title', 'author:name', 'id', 'author:id']);
    expect(Object.isFrozen(first)).toBe(true);
  });

  test('keeps collections apart: the same query string is validated against each collection', () => {
    const dataSource = makeLibraryDataSource();
    parse(dataSource.getCollection('books'), 'fields[books]=title');

    expect(() => parse(dataSource.getCollection('authors'), 'fields[authors]=title')).toThrow(
      expect.objectContaining({ name: expect.stringMatching(/ValidationError|MissingFieldError/) }),
    );
  });

  test('never caches a projection that fails validation: it fails every time', () => {
    const books = makeLibraryDataSource().getCollection('books');

    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect(() => parse(books, 'fields[books]=nope')).toThrow(
        expect.objectContaining({ name: expect.stringMatching(/ValidationError|MissingFieldError/) }),
      );
    }
  });
});
