import { z } from 'zod';
import { parseOrThrow, ValidationError } from '../src/errors';

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
