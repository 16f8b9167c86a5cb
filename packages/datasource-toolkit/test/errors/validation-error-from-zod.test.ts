import {
  parseWithZod,
  ValidationError,
  validationErrorFromIssues,
  validationErrorFromZod,
} from '@platform/datasource-toolkit';
import { z } from 'zod';

const options = z.strictObject({ port: z.number().int().max(65_535), hosts: z.array(z.string()).optional() });

function zodErrorOf(input: unknown): z.ZodError {
  const parsed = options.safeParse(input);
  if (parsed.success) throw new Error('expected the input to be invalid');
  return parsed.error;
}

describe('validationErrorFromZod', () => {
  test('lists every issue with its dotted path', () => {
    const error = validationErrorFromZod(zodErrorOf({ port: 70_000, hosts: ['a', 3] }), { subject: 'options' });

    expect(error.name).toBe('ValidationError');
    expect(error.issues).toEqual([
      { path: 'port', message: expect.stringContaining('65535') },
      { path: 'hosts.1', message: expect.stringContaining('string') },
    ]);
    expect(error.message).toMatch(/^Invalid options: port: .*; hosts\.1: .*\.$/);
  });

  test('prefixes paths with where the input was read', () => {
    const error = validationErrorFromZod(zodErrorOf({ port: 'x' }), { subject: 'body', pathPrefix: 'body' });

    expect(error.issues).toEqual([{ path: 'body.port', message: expect.any(String) }]);
  });

  test('names an issue about the whole input by its prefix, or by nothing', () => {
    const whole = zodErrorOf('not an object');

    expect(validationErrorFromZod(whole, { subject: 'query', pathPrefix: 'query' }).issues[0]?.path).toBe('query');
    const bare = validationErrorFromZod(whole, { subject: 'query' });
    expect(bare.issues[0]?.path).toBe('');
    expect(bare.message).toBe(`Invalid query: ${bare.issues[0]?.message}.`);
  });

  test('gives each unknown key its own issue, listing the known keys', () => {
    const error = validationErrorFromZod(zodErrorOf({ port: 1, hots: [], colour: 'red' }), {
      subject: 'options',
      knownKeys: ['port', 'hosts'],
    });

    expect(error.issues).toEqual([
      { path: 'hots', message: 'unknown key (known: port, hosts)' },
      { path: 'colour', message: 'unknown key (known: port, hosts)' },
    ]);
  });

  test('throws the given subclass and keeps the zod error as cause', () => {
    class OptionsError extends ValidationError {
      static override readonly errorName: string = 'OptionsError';
    }
    const zodError = zodErrorOf({});

    const error = validationErrorFromZod(zodError, { subject: 'options', errorClass: OptionsError });

    expect(error).toBeInstanceOf(OptionsError);
    expect(error.name).toBe('OptionsError');
    expect(error.cause).toBe(zodError);
  });
});

describe('validationErrorFromIssues', () => {
  test('writes the message validationErrorFromZod writes, from plain issues', () => {
    const issues = [
      { path: '', message: 'expected an object' },
      { path: 'schema', message: 'only PostgreSQL has schemas' },
    ];

    const error = validationErrorFromIssues('connection parameters', issues);

    expect(error).toMatchObject({
      name: 'ValidationError',
      issues,
      message: 'Invalid connection parameters: expected an object; schema: only PostgreSQL has schemas.',
    });
  });
});

describe('parseWithZod', () => {
  test('returns the parsed value', () => {
    expect(parseWithZod(options, { port: 80 }, 'options')).toEqual({ port: 80 });
  });

  test('throws a ValidationError naming the subject', () => {
    expect(() => parseWithZod(options, { port: -1.5 }, 'options')).toThrow(
      expect.objectContaining({ name: 'ValidationError', message: expect.stringMatching(/^Invalid options: port: /) }),
    );
  });
});
