import { z } from 'zod';
import {
  AuthenticationError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  parseOrThrow,
  RateLimitError,
  ValidationError,
  validationErrorFromZod,
} from '../src/errors';

const body = z.object({ name: z.string().min(1), scopes: z.array(z.enum(['read', 'write'])) });

describe('parseOrThrow', () => {
  test('returns the parsed value', () => {
    expect(parseOrThrow(body, { name: 'ci', scopes: ['read'] }, 'body')).toEqual({ name: 'ci', scopes: ['read'] });
  });

  test('throws a ValidationError listing each bad field with its path', () => {
    let caught: unknown;
    try {
      parseOrThrow(body, { name: '', scopes: ['read', 'admin'] }, 'body');
    } catch (error) {
      caught = error;
    }

    expect(caught).toBeInstanceOf(ValidationError);
    const error = caught as ValidationError;
    expect(error.name).toBe('ValidationError');
    expect(error.issues.map((issue) => issue.path)).toEqual(['body.name', 'body.scopes.1']);
    expect(error.message).toMatch(/^Invalid body: body\.name: .+; body\.scopes\.1: .+/);
  });

  test('reports a wrong top-level type at the path of the input itself', () => {
    expect(() => parseOrThrow(body, 'nope', 'query')).toThrow(
      expect.objectContaining({ name: 'ValidationError', issues: [expect.objectContaining({ path: 'query' })] }),
    );
  });
});

describe('validationErrorFromZod', () => {
  const options = z.object({ adminEmail: z.email(), teams: z.array(z.string().min(1)) });

  test('renames each path and names the subject, keeping the zod error as cause', () => {
    const parsed = options.safeParse({ adminEmail: 'nope', teams: [''] });
    if (parsed.success) throw new Error('expected the options to be invalid');

    const error = validationErrorFromZod(parsed.error, { subject: 'options', renamePath: (path) => `--${path}` });

    expect(error.issues).toEqual([
      { path: '--adminEmail', message: expect.any(String) },
      { path: '--teams.0', message: expect.any(String) },
    ]);
    expect(error.message).toMatch(/^Invalid options: --adminEmail: .+; --teams\.0: .+/);
    expect(error.cause).toBe(parsed.error);
  });

  test('leaves the message to the issues when the subject is empty', () => {
    const parsed = options.safeParse({ adminEmail: 'ada@example.com', teams: [''] });
    if (parsed.success) throw new Error('expected the options to be invalid');

    const error = validationErrorFromZod(parsed.error, { subject: '' });

    expect(error.message).toBe(`teams.0: ${error.issues[0]?.message}`);
  });
});

describe('error names', () => {
  test.each([
    ['ValidationError', () => new ValidationError('x')],
    ['NotFoundError', () => new NotFoundError('x')],
    ['ConflictError', () => new ConflictError('x')],
    ['AuthenticationError', () => new AuthenticationError('x')],
    ['ForbiddenError', () => new ForbiddenError('x')],
    ['RateLimitError', () => new RateLimitError('x', 1)],
  ])('%s is a literal that survives a minifier renaming the class', (name, make) => {
    const type = make().constructor;
    const original = Object.getOwnPropertyDescriptor(type, 'name');
    Object.defineProperty(type, 'name', { value: 'e' });
    try {
      expect(make().name).toBe(name);
    } finally {
      if (original) Object.defineProperty(type, 'name', original);
    }
  });
});
