import { NotePageRowError, readNotePageRow } from '../../src/notes/note-page-row';

const author = { id: 7, username: 'ada', email: 'ada@example.com' };

/** A row as the page statement returns it (timestamps as JSON writes a UTC `timestamp`). */
function row(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    environmentId: 3,
    projectId: 2,
    id: 12,
    collectionName: 'orders',
    recordId: '42',
    title: 'Late delivery',
    userId: author.id,
    teamId: 5,
    createdAt: '2026-01-31T12:00:00',
    updatedAt: '2026-01-31T12:00:00.5',
    archivedAt: null,
    userUsername: author.username,
    userEmail: author.email,
    teamName: 'Support',
    messages: [{ id: 1, content: 'Called the carrier.', createdAt: '2026-01-31T12:00:00.123', user: author }],
    ...overrides,
  };
}

describe('readNotePageRow', () => {
  test('reads a note row into the environment ids and the note view', () => {
    expect(readNotePageRow(row())).toEqual({
      environmentId: 3,
      projectId: 2,
      note: {
        id: 12,
        environmentId: 3,
        collectionName: 'orders',
        recordId: '42',
        title: 'Late delivery',
        userId: 7,
        teamId: 5,
        createdAt: '2026-01-31T12:00:00.000Z',
        updatedAt: '2026-01-31T12:00:00.500Z',
        archivedAt: null,
        user: author,
        team: { name: 'Support' },
        messages: [{ id: 1, content: 'Called the carrier.', createdAt: '2026-01-31T12:00:00.123Z', user: author }],
      },
    });
  });

  test('reads the row of nulls of an environment without matching notes', () => {
    const empty = Object.fromEntries(Object.keys(row()).map((key) => [key, null]));

    expect(readNotePageRow({ ...empty, environmentId: 3, projectId: 2 })).toEqual({ environmentId: 3, projectId: 2 });
  });

  test.each([
    ['2026-01-31T12:00:00', '2026-01-31T12:00:00.000Z'],
    ['2026-01-31T12:00:00.1', '2026-01-31T12:00:00.100Z'],
    ['2026-01-31T12:00:00.12', '2026-01-31T12:00:00.120Z'],
    ['2026-01-31T12:00:00.123', '2026-01-31T12:00:00.123Z'],
    ['2026-01-31T12:00:00.123456', '2026-01-31T12:00:00.123Z'],
  ])('reads the timestamp %s as %s', (written, expected) => {
    expect(readNotePageRow(row({ archivedAt: written })).note?.archivedAt).toBe(expected);
  });

  test('keeps a note without team, collection or messages', () => {
    const { note } = readNotePageRow(row({ teamId: null, teamName: null, collectionName: null, messages: [] }));

    expect(note).toMatchObject({ teamId: null, team: null, collectionName: null, messages: [] });
  });

  test.each([
    ['a row that is not an object', 'not a row', 'row'],
    ['a missing title', row({ title: undefined }), 'title'],
    ['a numeric recordId', row({ recordId: 42 }), 'recordId'],
    ['a fractional id', row({ id: 1.5 }), 'id'],
    ['an id as bigint', row({ id: 12n }), 'id'],
    ['a timestamp with a zone', row({ createdAt: '2026-01-31T12:00:00+00:00' }), 'createdAt'],
    ['a timestamp as a Date', row({ updatedAt: new Date() }), 'updatedAt'],
    ['messages that are not a list', row({ messages: '[]' }), 'messages'],
    [
      'a message without its author',
      row({ messages: [{ id: 1, content: 'x', createdAt: '2026-01-31T12:00:00' }] }),
      'messages[0].user',
    ],
    ['a team name that is not text', row({ teamName: 5 }), 'teamName'],
  ])('refuses %s, naming the field', (_case, value, field) => {
    expect(() => readNotePageRow(value)).toThrow(NotePageRowError);
    expect(() => readNotePageRow(value)).toThrow(`Unexpected ${field} in a notes page row`);
  });
});
