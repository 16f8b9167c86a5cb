import request from 'supertest';
import { makeActionDataSource } from '../../factories/action-data-source';
import { makeApp } from '../../factories/make-app';

/** GETs `path` with a valid token; returns the status and the first error. */
async function get(path: string, query: Record<string, string> = {}) {
  const { app, authorization } = await makeApp();
  const response = await request(app).get(path).query(query).set('Authorization', authorization);

  return { status: response.status, error: response.body.errors?.[0] };
}

describe('bad requests (400)', () => {
  test.each([
    ['filters that are not JSON', { filters: '{"field":' }],
    ['filters of an unknown shape', { filters: '{"foo":1}' }],
    ['an unknown operator', { filters: '{"field":"title","operator":"Resembles","value":"x"}' }],
    ['an operator the column does not allow', { filters: '{"field":"price","operator":"Contains","value":"1"}' }],
    ['a value of the wrong type', { filters: '{"field":"price","operator":"Equal","value":"ten"}' }],
    ['a page number of 0', { 'page[number]': '0' }],
    ['a page number that is not a number', { 'page[number]': 'two' }],
    ['a page size over the maximum', { 'page[size]': '1001' }],
    ['a negative page size', { 'page[size]': '-5' }],
    ['an empty sort clause', { sort: 'title,' }],
    ['a sort on a field that is not sortable', { sort: 'isbn' }],
    ['a sort on a to-many relation', { sort: 'reviews:rating' }],
    ['a timezone that does not exist', { timezone: 'Mars/Olympus' }],
    ['an unknown segment', { segment: 'Bestsellers' }],
    ['a searchExtended that is not a boolean', { searchExtended: 'maybe' }],
    ['a to-many relation in fields', { 'fields[books]': 'title,reviews' }],
  ])('answers 400 ValidationError for %s', async (_name, query) => {
    const { status, error } = await get('/platform/books', query);

    expect(status).toBe(400);
    expect(error).toMatchObject({ name: 'ValidationError', status: 400 });
  });

  test.each([
    ['a filter on an unknown field', { filters: '{"field":"subtitle","operator":"Present"}' }],
    ['a sort on an unknown field', { sort: '-subtitle' }],
    ['an unknown field in fields', { 'fields[books]': 'title,subtitle' }],
    ['an unknown relation field', { 'fields[books]': 'author', 'fields[author]': 'nickname' }],
  ])('answers 400 MissingFieldError for %s', async (_name, query) => {
    const { status, error } = await get('/platform/books', query);

    expect(status).toBe(400);
    expect(error).toMatchObject({ name: 'MissingFieldError', status: 400 });
  });

  test('answers 400 for a search on a collection that is not searchable', async () => {
    const { status, error } = await get('/platform/events', { search: 'created' });

    expect(status).toBe(400);
    expect(error.name).toBe('ValidationError');
  });

  test.each([
    ['a number id that is not a number', '/platform/books/abc'],
    ['a composite id with too few parts', '/platform/bookTags/1'],
    ['a relation route with a bad parent id', '/platform/books/x/relationships/reviews'],
  ])('answers 400 ValidationError for %s', async (_name, path) => {
    const { status, error } = await get(path);

    expect(status).toBe(400);
    expect(error.name).toBe('ValidationError');
  });

  test.each([
    ['a body without data', { title: 'x' }],
    ['a record with an unknown field', { data: { title: 'x', subtitle: 'y' } }],
    ['a record missing a required field', { data: { price: 3 } }],
    ['a record with a value of the wrong type', { data: { title: 'x', price: 'free' } }],
  ])('answers 400 on create for %s', async (_name, body) => {
    const { app, authorization } = await makeApp();

    const response = await request(app).post('/platform/books').set('Authorization', authorization).send(body);

    expect(response.status).toBe(400);
    expect(['ValidationError', 'MissingFieldError']).toContain(response.body.errors[0].name);
  });

  test('answers 400 ValidationError for a body that is not JSON', async () => {
    const { app, authorization } = await makeApp();

    const response = await request(app)
      .post('/platform/books')
      .set('Authorization', authorization)
      .set('Content-Type', 'application/json')
      .send('{"data":');

    expect(response.status).toBe(400);
    expect(response.body.errors[0].name).toBe('ValidationError');
  });

  test('answers 400 ValidationError for an empty update', async () => {
    const { app, authorization } = await makeApp();

    const response = await request(app).put('/platform/books/1').set('Authorization', authorization).send({ data: {} });

    expect(response.status).toBe(400);
    expect(response.body.errors[0].name).toBe('ValidationError');
  });

  test('answers 400 ValidationError for a bulk delete without a selection', async () => {
    const { app, authorization } = await makeApp();

    const response = await request(app).delete('/platform/books').set('Authorization', authorization).send({});

    expect(response.status).toBe(400);
    expect(response.body.errors[0].name).toBe('ValidationError');
  });

  test('answers 400 ValidationError for a to-one update of a to-many relation', async () => {
    const { app, authorization } = await makeApp();

    const response = await request(app)
      .put('/platform/books/1/relationships/reviews')
      .set('Authorization', authorization)
      .send({ id: '1' });

    expect(response.status).toBe(400);
    expect(response.body.errors[0].name).toBe('ValidationError');
  });

  test('answers 400 ValidationError when listing a to-one relation as a to-many one', async () => {
    const { status, error } = await get('/platform/books/1/relationships/author');

    expect(status).toBe(400);
    expect(error.name).toBe('ValidationError');
  });

  test('answers 400 ValidationError for a Single action given two records', async () => {
    const { dataSource } = makeActionDataSource();
    const { app, authorization } = await makeApp({ dataSource });

    const response = await request(app)
      .post('/platform/_actions/books/0/mark-as-read')
      .set('Authorization', authorization)
      .send({ values: {}, ids: ['1', '2'] });

    expect(response.status).toBe(400);
    expect(response.body.errors[0].name).toBe('ValidationError');
  });

  test('answers 400 ValidationError for a change hook without changedField', async () => {
    const { dataSource } = makeActionDataSource();
    const { app, authorization } = await makeApp({ dataSource });

    const response = await request(app)
      .post('/platform/_actions/books/0/mark-as-read/hooks/change')
      .set('Authorization', authorization)
      .send({ values: {} });

    expect(response.status).toBe(400);
    expect(response.body.errors[0].name).toBe('ValidationError');
  });

  test('answers 400 ValidationError for a collection chart without recordId', async () => {
    const { dataSource } = makeActionDataSource();
    const { app, authorization } = await makeApp({ dataSource });

    const response = await request(app)
      .get('/platform/_charts/books/salesByRecord')
      .set('Authorization', authorization);

    expect(response.status).toBe(400);
    expect(response.body.errors[0].name).toBe('ValidationError');
  });
});

describe('unknown things (404)', () => {
  test.each([
    ['an unknown collection', '/platform/magazines'],
    ['an unknown collection count', '/platform/magazines/count'],
    ['an unknown collection export', '/platform/magazines.csv'],
    ['an unknown record', '/platform/books/99'],
    ['an unknown record of a composite key', '/platform/bookTags/9|9'],
    ['an unknown relation', '/platform/books/1/relationships/editors'],
    ['a relation of an unknown record', '/platform/books/99/relationships/reviews'],
    ['a column used as a relation', '/platform/books/1/relationships/title'],
    ['an unknown route', '/platform/books/1/somewhere/else'],
  ])('answers 404 NotFoundError for %s', async (_name, path) => {
    const { status, error } = await get(path);

    expect(status).toBe(404);
    expect(error).toMatchObject({ name: 'NotFoundError', status: 404 });
  });

  test.each([
    ['an unknown action slug', '/platform/_actions/books/0/burn-it'],
    ['an action index that does not match its slug', '/platform/_actions/books/1/mark-as-read'],
    ['a non-numeric action index', '/platform/_actions/books/x/mark-as-read'],
    ['an action of an unknown collection', '/platform/_actions/magazines/0/mark-as-read'],
    ['an unknown form hook', '/platform/_actions/books/0/mark-as-read/hooks/submit'],
    ['an unknown collection chart', '/platform/_charts/books/nothing?recordId=1'],
    ['an unknown data-source chart', '/platform/_charts/nothing'],
  ])('answers 404 NotFoundError for %s', async (_name, path) => {
    const { dataSource } = makeActionDataSource();
    const { app, authorization } = await makeApp({ dataSource });

    const response = await request(app)
      .post(path)
      .set('Authorization', authorization)
      .send({ values: {}, ids: ['1'] });

    expect(response.status).toBe(404);
    expect(response.body.errors[0].name).toBe('NotFoundError');
  });

  test('answers 404 for an update of an unknown record', async () => {
    const { app, authorization } = await makeApp();

    const response = await request(app)
      .put('/platform/books/99')
      .set('Authorization', authorization)
      .send({ data: { price: 1 } });

    expect(response.status).toBe(404);
    expect(response.body.errors[0].name).toBe('NotFoundError');
  });

  test('answers 404 when associating records that do not exist', async () => {
    const { app, authorization } = await makeApp();

    const response = await request(app)
      .post('/platform/books/1/relationships/tags')
      .set('Authorization', authorization)
      .send({ ids: ['1', '42'] });

    expect(response.status).toBe(404);
    expect(response.body.errors[0].name).toBe('NotFoundError');
  });

  test('answers 404 when pointing a to-one relation at a record that does not exist', async () => {
    const { app, authorization } = await makeApp();

    const response = await request(app)
      .put('/platform/books/1/relationships/author')
      .set('Authorization', authorization)
      .send({ id: '42' });

    expect(response.status).toBe(404);
    expect(response.body.errors[0].name).toBe('NotFoundError');
  });
});
