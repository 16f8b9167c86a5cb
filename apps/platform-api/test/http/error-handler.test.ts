import express from 'express';
import pino from 'pino';
import request from 'supertest';
import {
  AuthenticationError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitError,
  ValidationError,
} from '../../src/errors';
import { createErrorHandler, notFoundHandler } from '../../src/http/error-handler';
import { silentLogger } from '../helpers/silent-logger';

/** An app whose only route throws `error`, behind the real handlers; logs are captured. */
function appThrowing(error: unknown) {
  const lines: string[] = [];
  const logger = pino({ level: 'error' }, { write: (line: string) => lines.push(line) });
  const app = express();
  app.get('/boom', () => {
    throw error;
  });
  app.use(notFoundHandler());
  app.use(createErrorHandler(logger));
  return { app, lines };
}

async function responseTo(error: unknown) {
  return request(appThrowing(error).app).get('/boom');
}

describe('createErrorHandler', () => {
  test('maps AuthenticationError to 401 Unauthorized', async () => {
    const response = await responseTo(new AuthenticationError('Token expired', 'expired'));

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Unauthorized', message: 'Token expired' });
  });

  test('maps ForbiddenError to 403 Forbidden', async () => {
    const response = await responseTo(new ForbiddenError('Admins only'));

    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: 'Forbidden', message: 'Admins only' });
  });

  test('maps ValidationError to 400 invalid_request with its issues', async () => {
    const issues = [{ path: 'body.name', message: 'Required' }];
    const response = await responseTo(new ValidationError('Invalid body', issues));

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'invalid_request', message: 'Invalid body', issues });
  });

  test("maps PostgreSQL's refusal of a NUL character (22021, as pg throws it) to 400 invalid_request", async () => {
    const refusal = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });

    const response = await responseTo(refusal);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'invalid_request', message: expect.stringContaining('NUL character') });
  });

  test('maps a subclass of ValidationError by its own name only when the name is kept', async () => {
    class MissingFieldError extends ValidationError {}
    const response = await responseTo(new MissingFieldError('name is required', []));

    expect(response.status).toBe(400);
  });

  test('maps NotFoundError to 404 not_found', async () => {
    const response = await responseTo(new NotFoundError('No token 12'));

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ code: 'not_found', message: 'No token 12' });
  });

  test('maps ConflictError to 409 conflict', async () => {
    const response = await responseTo(new ConflictError('A team named Ops exists'));

    expect(response.status).toBe(409);
    expect(response.body).toEqual({ code: 'conflict', message: 'A team named Ops exists' });
  });

  test('maps RateLimitError to 429 rate_limited with Retry-After in whole seconds', async () => {
    const response = await responseTo(new RateLimitError('Slow down', 1.2));

    expect(response.status).toBe(429);
    expect(response.headers['retry-after']).toBe('2');
    expect(response.body).toEqual({ code: 'rate_limited', message: 'Slow down' });
  });

  test('matches errors by name, so a copy from another module instance is still mapped', async () => {
    const foreign = Object.assign(new Error('Gone'), { name: 'NotFoundError' });

    expect((await responseTo(foreign)).status).toBe(404);
  });

  test('answers anything else with a logged 500 that hides the message and stack', async () => {
    const { app, lines } = appThrowing(new Error('secret connection string postgres://u:p@h/db'));

    const response = await request(app).get('/boom');

    expect(response.status).toBe(500);
    expect(response.body).toEqual({ code: 'internal_error', message: 'Unexpected error' });
    expect(response.text).not.toMatch(/secret|at .+\.ts/);
    expect(lines.join('')).toContain('secret connection string');
  });

  test('answers a thrown non-Error value with 500', async () => {
    const response = await responseTo('a string');

    expect(response.status).toBe(500);
    expect(response.body).toEqual({ code: 'internal_error', message: 'Unexpected error' });
  });
});

describe('notFoundHandler', () => {
  test('hands an unmatched request to the error handler, which writes the 404', async () => {
    const seen: string[] = [];
    const logger = silentLogger();
    const app = express();
    app.use(notFoundHandler());
    app.use(((error, _req, _res, next) => {
      seen.push((error as Error).name);
      next(error);
    }) as express.ErrorRequestHandler);
    app.use(createErrorHandler(logger));

    const response = await request(app).get('/nowhere');

    expect(seen).toEqual(['NotFoundError']);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ code: 'not_found', message: 'No route for GET /nowhere' });
  });
});
