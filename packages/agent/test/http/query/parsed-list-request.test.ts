import type { Collection } from '@platform/datasource-toolkit';
import { makeLibraryDataSource } from '@platform/datasource-toolkit/testing';
import request from 'supertest';
import { parseListRequest } from '../../../src/http/query/parsed-list-request';
import { PARSED_QUERY_CACHE_SIZE } from '../../../src/http/query/query-string-cache';
import { readRawQuery } from '../../../src/http/query/raw-query';
import { makeApp } from '../../factories/make-app';

const parse = (collection: Collection, queryString: string) =>
  parseListRequest(collection, queryString, readRawQuery(queryString));

describe('parseListRequest (cache of parsed list queries)', () => {
  test('parses a query string once per collection, then answers the same frozen objects', () => {
    const books = makeLibraryDataSource().getCollection('books');
    const queryString = 'fields[books]=id,title,author&fields[author]=name&sort=-title&page[size]=2';

    const first = parse(books, queryString);
    const second = parse(books, queryString);

    expect(second).toBe(first);
    expect([...first.projection]).toEqual(['id', 'title', 'author:name', 'author:id']);
    expect(first.query.sort).toEqual([{ field: 'title', ascending: false }]);
    expect(first.query.page).toMatchObject({ skip: 0, limit: 2 });
    expect(Object.isFrozen(first.projection)).toBe(true);
    expect(Object.isFrozen(first.query.sort)).toBe(true);
    expect(Object.isFrozen(first.query.page)).toBe(true);
  });

  test('keeps collections apart: the same query string is validated against each collection', () => {
    const dataSource = makeLibraryDataSource();
    parse(dataSource.getCollection('books'), 'sort=title');

    expect(() => parse(dataSource.getCollection('authors'), 'sort=title')).toThrow(
      expect.objectContaining({ name: expect.stringMatching(/ValidationError|MissingFieldError/) }),
    );
  });

  test('never caches a query that fails validation: it fails every time', () => {
    const books = makeLibraryDataSource().getCollection('books');

    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect(() => parse(books, 'sort=nope')).toThrow();
      expect(() => parse(books, 'page[size]=0')).toThrow(expect.objectContaining({ name: 'ValidationError' }));
    }
  });

  test('parses again when the collection schema object changed', () => {
    const books = makeLibraryDataSource().getCollection('books');
    let schema = books.schema;
    const collection = new Proxy(books, {
      get: (target, property) => (property === 'schema' ? schema : Reflect.get(target, property, target)),
    });
    const first = parse(collection, 'sort=title');

    schema = { ...schema };

    const second = parse(collection, 'sort=title');
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
    expect(parse(collection, 'sort=title')).toBe(second);
  });

  test(`keeps at most ${PARSED_QUERY_CACHE_SIZE} query strings per collection, least recently used out`, () => {
    const books = makeLibraryDataSource().getCollection('books');
    const first = parse(books, 'page[number]=1');
    const second = parse(books, 'page[number]=2');
    for (let index = 3; index <= PARSED_QUERY_CACHE_SIZE; index += 1) parse(books, `page[number]=${index}`);
    expect(parse(books, 'page[number]=1')).toBe(first); // now the most recently used

    parse(books, `page[number]=${PARSED_QUERY_CACHE_SIZE + 1}`); // evicts page 2, the least recently used

    expect(parse(books, 'page[number]=1')).toBe(first);
    expect(parse(books, 'page[number]=2')).not.toBe(second);
  });

  test('over HTTP, the same list twice answers the same page, and a bad query keeps answering 400', async () => {
    const { app, authorization } = await makeApp();
    const path = '/platform/books?fields[books]=id,title&sort=-id&page[size]=2';

    const first = await request(app).get(path).set('Authorization', authorization);
    const second = await request(app).get(path).set('Authorization', authorization);
    const bad = await request(app).get('/platform/books?sort=nope').set('Authorization', authorization);
    const badAgain = await request(app).get('/platform/books?sort=nope').set('Authorization', authorization);

    expect(first.status).toBe(200);
    expect(first.body.data.map((book: { id: number }) => book.id)).toEqual([3, 2]);
    expect(second.body).toEqual(first.body);
    expect([bad.status, badAgain.status]).toEqual([400, 400]);
    expect(badAgain.body).toEqual(bad.body);
  });
});
