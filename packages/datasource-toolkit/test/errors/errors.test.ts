import {
  BusinessError,
  ConflictError,
  ForbiddenError,
  isErrorOfKind,
  MissingFieldError,
  NotFoundError,
  TooManyRequestsError,
  UnavailableError,
  UnprocessableError,
  ValidationError,
} from '@platform/datasource-toolkit';

describe('business errors', () => {
  test.each([
    ['BusinessError', new BusinessError('x')],
    ['ValidationError', new ValidationError('x')],
    ['MissingFieldError', new MissingFieldError('x')],
    ['ForbiddenError', new ForbiddenError('x')],
    ['NotFoundError', new NotFoundError('x')],
    ['UnprocessableError', new UnprocessableError('x')],
    ['ConflictError', new ConflictError('x')],
    ['TooManyRequestsError', new TooManyRequestsError('x')],
    ['UnavailableError', new UnavailableError('x')],
  ])('a %s is named by a literal, not by its constructor', (name, error) => {
    expect(error.name).toBe(name);
  });

  test('keep their names when a minifier renames the classes', () => {
    // What a minifier does: the class binding gets a short name, `constructor.name` follows it.
    const Renamed = { a: class extends MissingFieldError {} }.a;
    Object.defineProperty(MissingFieldError, 'name', { value: 'e' });
    try {
      const error = new Renamed('x');

      expect(error.name).toBe('MissingFieldError');
      expect(error.kinds).toEqual(['MissingFieldError', 'ValidationError', 'BusinessError']);
    } finally {
      Object.defineProperty(MissingFieldError, 'name', { value: 'MissingFieldError' });
    }
  });

  test('a subclass without a name of its own takes its parent name', () => {
    class HookRefusalError extends UnprocessableError {}

    expect(new HookRefusalError('x').name).toBe('UnprocessableError');
  });

  test('list every kind they are, most specific first', () => {
    expect(new MissingFieldError('x').kinds).toEqual(['MissingFieldError', 'ValidationError', 'BusinessError']);
  });

  test('keep the message, the cause and the details', () => {
    const cause = new Error('driver');

    const error = new ConflictError('Taken.', { cause, details: { field: 'email' } });

    expect(error).toMatchObject({ message: 'Taken.', cause, details: { field: 'email' } });
  });

  test('a ValidationError lists its issues, none by default', () => {
    const issues = [{ path: 'port', message: 'too big' }];

    expect(new ValidationError('Invalid.', { issues }).issues).toEqual(issues);
    expect(new ValidationError('Invalid.').issues).toEqual([]);
  });
});

describe('isErrorOfKind', () => {
  test('matches the kind of the class and of its parents', () => {
    const error = new MissingFieldError('x');

    expect(isErrorOfKind(error, 'MissingFieldError')).toBe(true);
    expect(isErrorOfKind(error, 'ValidationError')).toBe(true);
    expect(isErrorOfKind(error, 'NotFoundError')).toBe(false);
  });

  test('matches an error of another copy of the package by its kinds', () => {
    const copy = Object.assign(new Error('x'), {
      name: 'MissingFieldError',
      kinds: ['MissingFieldError', 'ValidationError'],
    });

    expect(isErrorOfKind(copy, 'ValidationError')).toBe(true);
  });

  test('falls back to the name for errors without kinds, and refuses non-objects', () => {
    expect(isErrorOfKind(Object.assign(new Error('x'), { name: 'AbortError' }), 'AbortError')).toBe(true);
    expect(isErrorOfKind('ValidationError', 'ValidationError')).toBe(false);
    expect(isErrorOfKind(null, 'ValidationError')).toBe(false);
  });
});
