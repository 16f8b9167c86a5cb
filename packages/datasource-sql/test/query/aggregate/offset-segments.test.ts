import { getOffsetSegments } from '../../../src/query/aggregate/offset-segments';

describe('getOffsetSegments', () => {
  test('finds the DST changes of a zone to the millisecond', () => {
    const segments = getOffsetSegments(
      'Europe/Paris',
      new Date('2024-01-01T00:00:00Z'),
      new Date('2024-12-31T00:00:00Z'),
    );

    expect(segments).toEqual([
      { offsetMinutes: 60 },
      { start: new Date('2024-03-31T01:00:00.000Z'), offsetMinutes: 120 },
      { start: new Date('2024-10-27T01:00:00.000Z'), offsetMinutes: 60 },
    ]);
  });

  test('returns one segment for a zone without change in the range', () => {
    expect(getOffsetSegments('Asia/Kolkata', new Date('2000-01-01Z'), new Date('2030-01-01Z'))).toEqual([
      { offsetMinutes: 330 },
    ]);
  });

  test('returns one segment when the range is a single instant', () => {
    const instant = new Date('2024-07-01T00:00:00Z');

    expect(getOffsetSegments('America/New_York', instant, instant)).toEqual([{ offsetMinutes: -240 }]);
  });
});
