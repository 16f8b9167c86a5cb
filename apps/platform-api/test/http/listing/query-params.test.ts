import { emailParam, isoDateParam, limitParam, textParam } from '../../../src/http/listing/query-params';

describe('isoDateParam', () => {
  const parse = (value: string) => isoDateParam('createdAt.lt').safeParse(value);

  test.each([
    ['2030-01-31', '2030-01-31T00:00:00.000Z'],
    ['2030-01-31T12:00Z', '2030-01-31T12:00:00.000Z'],
    ['2030-01-31T12:00:05Z', '2030-01-31T12:00:05.000Z'],
    ['2030-01-31T12:00:05.1Z', '2030-01-31T12:00:05.100Z'],
    ['2030-01-31T12:00:05.123Z', '2030-01-31T12:00:05.123Z'],
    ['2030-01-31T13:00:00+01:00', '2030-01-31T12:00:00.000Z'],
    ['2030-01-31T07:00:00-05:00', '2030-01-31T12:00:00.000Z'],
    ['2028-02-29', '2028-02-29T00:00:00.000Z'],
    // Years below 100 are years of the first century, not 1900 to 1999.
    ['0001-01-01', '0001-01-01T00:00:00.000Z'],
    ['0050-03-01T12:00:00Z', '0050-03-01T12:00:00.000Z'],
    ['0048-02-29', '0048-02-29T00:00:00.000Z'],
    // The bounds, once the zone is applied.
    ['0001-01-01T01:00:00+01:00', '0001-01-01T00:00:00.000Z'],
    ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
  ])('reads %s as %s', (value, expected) => {
    const result = parse(value);

    expect(result.success && result.data.toISOString()).toBe(expected);
  });

  test.each([
    '2030-02-29',
    '2030-04-31',
    '0050-02-29',
    '2030-1-31',
    '2030-01-31T12:00:00',
    '2030-01-31 12:00:00Z',
    '2030-01-31T24:00:00Z',
    '2030-01-31T12:60:00Z',
    '2030-01-31T12:00:00.1234Z',
    '2030-01-31T12:00:00+0100',
    '1767225600',
    'now',
    '',
  ])('refuses %p with a message naming the parameter', (value) => {
    const result = parse(value);

    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^createdAt\.lt must be an ISO 8601 date/);
  });

  test.each([
    '0000-01-01',
    '0000-12-31T23:59:59.999Z',
    '0001-01-01T00:00:00+01:00',
    '9999-12-31T23:59:59.999-23:59',
    '9999-12-31T23:00:00-01:00',
  ])('refuses %p, outside the years 0001 to 9999 in UTC', (value) => {
    const result = parse(value);

    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'createdAt.lt must fall between 0001-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z once its time zone is applied.',
    );
  });
});

describe('limitParam', () => {
  test.each([
    [undefined, 10],
    ['1', 1],
    ['100', 100],
    ['010', 10],
  ])('reads %p as %i', (value, expected) => {
    expect(limitParam.parse(value)).toBe(expected);
  });

  test.each(['0', '101', 'abc', '1.5', '-1', '', '1e2'])('refuses %p', (value) => {
    expect(limitParam.safeParse(value).success).toBe(false);
  });
});

describe('text parameters', () => {
  test.each([
    ['textParam', textParam('Id of the record.')],
    ['emailParam', emailParam],
  ])('%s refuses a value holding the NUL character, which PostgreSQL cannot compare', (_name, schema) => {
    const result = schema.safeParse('a\u0000b');

    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/must not contain the NUL character \(U\+0000\)/);
  });
});
