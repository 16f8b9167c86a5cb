import {
  ConflictError,
  ForbiddenError,
  TooManyRequestsError,
  UnprocessableError,
  ValidationError,
} from '@platform/datasource-toolkit';
import { makeLibraryDataSource } from '@platform/datasource-toolkit/testing';
import request from 'supertest';
import { toHttpError } from '../../src/http/error-handler';
import { makeGeneratedDataSource } from '../factories/generated-data-source';
import { makeApp } from '../factories/make-app';
import { withTestExtras } from '../factories/test-collection';

describe('error handler', () => {
  test('answers 409 ConflictError when a record would duplicate a primary key', async () => {
    const { app, authorization } = await makeApp();

    const response = await request(app)
      .post('/platform/bookTags')
      .set('Authorization', authorization)
      .send({ data: { bookId: 1, tagId: 1 } });

    expect(response.status).toBe(409);
    expect(response.body.errors[0]).toMatchObject({ name: 'ConflictError', status: 409 });
  });

  test('answers 422 UnprocessableError with its message when a before hook aborts', async () => {
    const dataSource = withTestExtras(makeLibraryDataSource(), {
      collections: {
        books: {
          create: async () => {
            throw new UnprocessableError('Books cannot be added on Sundays.');
          },
        },
      },
    });
    const { app, authorization } = await makeApp({ dataSource });

    const response = await request(app)
      .post('/platform/books')
      .set('Authorization', authorization)
      .send({ data: { title: 'x' } });

    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      errors: [{ name: 'UnprocessableError', detail: 'Books cannot be added on Sundays.', status: 422 }],
    });
  });

  test('answers 400 with each bad query parameter in issues: [{ path, message }]', async () => {
    const { app, authorization } = await makeApp();

    const response = await request(app)
      .get('/platform/books?page[size]=many&searchExtended=maybe')
      .set('Authorization', authorization);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      errors: [
        {
          name: 'ValidationError',
          detail: expect.stringMatching(/^Invalid query: /),
          status: 400,
          issues: [
            { path: 'page[size]', message: 'expected a whole number' },
            { path: 'searchExtended', message: expect.any(String) },
          ],
        },
      ],
    });
  });

  test('answers the issues a data source gives a ValidationError', async () => {
    const issues = [{ path: 'title', message: 'must not be empty' }];
    const dataSource = withTestExtras(makeLibraryDataSource(), {
      collections: {
        books: {
          create: async () => {
            throw new ValidationError('Invalid book: title: must not be empty.', { issues });
          },
        },
      },
    });
    const { app, authorization } = await makeApp({ dataSource });

    const response = await request(app)
      .post('/platform/books')
      .set('Authorization', authorization)
      .send({ data: { title: 'x' } });

    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { name: 'ValidationError', detail: 'Invalid book: title: must not be empty.', status: 400, issues },
    ]);
  });

  test('answers 429 TooManyRequestsError', async () => {
    const dataSource = withTestExtras(makeLibraryDataSource(), {
      collections: {
        books: {
          list: async () => {
            throw new TooManyRequestsError('Slow down: 10 requests per second at most.');
          },
        },
      },
    });
    const { app, authorization } = await makeApp({ dataSource });

    const response = await request(app).get('/platform/books').set('Authorization', authorization);

    expect(response.status).toBe(429);
    expect(response.body.errors[0].name).toBe('TooManyRequestsError');
  });

  test('answers 500 "Unexpected error" without the original message, and logs it', async () => {
    const dataSource = withTestExtras(makeLibraryDataSource(), {
      collections: {
        books: {
          list: async () => {
            throw new Error('connection to db://admin:secret@host refused');
          },
        },
      },
    });
    const { app, authorization, logs } = await makeApp({ dataSource });

    const response = await request(app).get('/platform/books').set('Authorization', authorization);

    expect(response.status).toBe(500);
    expect(response.body).toEqual({
      errors: [{ name: 'InternalServerError', detail: 'Unexpected error', status: 500 }],
    });
    expect(JSON.stringify(response.body)).not.toContain('secret');
    expect(logs.find((log) => log.level === 'Error')?.error?.message).toContain('refused');
  });

  test('answers 413 PayloadTooLargeError for a body over the limit', async () => {
    const { app, authorization } = await makeApp({ bodyLimit: '1kb' });

    const response = await request(app)
      .post('/platform/books')
      .set('Authorization', authorization)
      .send({ data: { title: 'x'.repeat(2048) } });

    expect(response.status).toBe(413);
    expect(response.body.errors[0]).toMatchObject({ name: 'PayloadTooLargeError', status: 413 });
  });

  test('cuts a streamed export that fails midway instead of ending it cleanly', async () => {
    const { dataSource, probe } = makeGeneratedDataSource(5000);
    const failing = withTestExtras(dataSource, {
      collections: {
        rows: {
          list: async (next, ...args) => {
            if (probe.calls.length >= 2) throw new Error('database went away');
            return next(...args);
          },
        },
      },
    });
    const { app, authorization, logs } = await makeApp({ dataSource: failing });

    const outcome = await request(app)
      .get('/platform/rows.csv')
      .set('Authorization', authorization)
      .then(
        () => 'complete',
        () => 'aborted',
      );

    expect(outcome).toBe('aborted');
    expect(logs.some((log) => log.level === 'Error')).toBe(true);
  });

  test.each([
    [new ValidationError('v'), 400, 'ValidationError'],
    [new ForbiddenError('f'), 403, 'ForbiddenError'],
    [new ConflictError('c'), 409, 'ConflictError'],
    [
      Object.assign(new Error('copy'), { name: 'NotFoundError', kinds: ['NotFoundError', 'BusinessError'] }),
      404,
      'NotFoundError',
    ],
    [new TypeError('x is undefined'), 500, 'InternalServerError'],
    ['a string', 500, 'InternalServerError'],
  ])('maps %p to %i by its kind, not its class', (error, status, name) => {
    expect(toHttpError(error)).toMatchObject({ status, name });
  });

  test('reads the issues of a ValidationError of another copy of the toolkit', () => {
    const issues = [{ path: 'port', message: 'too big' }];
    const copy = Object.assign(new Error('Invalid.'), { name: 'ValidationError', kinds: ['ValidationError'], issues });

    expect(toHttpError(copy)).toEqual({ name: 'ValidationError', detail: 'Invalid.', status: 400, issues });
  });

  test('gives no issues to errors other than validation errors', () => {
    expect(toHttpError(new ConflictError('c'))).not.toHaveProperty('issues');
  });

  test.each([
    [
      "the router's URIError for a bad path segment",
      Object.assign(new URIError("Failed to decode param '%FF'"), { status: 400 }),
      400,
      'ValidationError',
    ],
    [
      'a body that does not inflate',
      Object.assign(new Error('incorrect header check'), { status: 400, statusCode: 400, expose: true }),
      400,
      'ValidationError',
    ],
    [
      'an unsupported content encoding',
      Object.assign(new Error('unsupported content encoding "compress"'), {
        status: 415,
        expose: true,
        type: 'encoding.unsupported',
      }),
      415,
      'UnsupportedMediaTypeError',
    ],
    [
      'another exposable 4xx',
      Object.assign(new Error('length mismatch'), { status: 408, expose: true }),
      408,
      'RequestTimeoutError',
    ],
  ])('keeps the status of %s', (_name, error, status, name) => {
    expect(toHttpError(error)).toMatchObject({
      status,
      name,
      detail: expect.stringContaining((error as Error).message),
    });
  });

  test('answers 500 for an error of user code that carries a 4xx status without exposing it', () => {
    const error = Object.assign(new Error('GET https://api.example.com failed'), { status: 404 });

    expect(toHttpError(error)).toEqual({ name: 'InternalServerError', detail: 'Unexpected error', status: 500 });
  });

  test('answers 500 for an error carrying a 5xx status', () => {
    const error = Object.assign(new Error('upstream down'), { status: 503, expose: false });

    expect(toHttpError(error)).toEqual({ name: 'InternalServerError', detail: 'Unexpected error', status: 500 });
  });
});
