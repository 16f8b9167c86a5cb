import type { NoteRecord } from '../../src/notes/note-record';
import { toNoteObject } from '../../src/notes/to-note-object';

const author = { id: 7, username: 'ada', email: 'ada@example.com' };

function note(overrides: Partial<NoteRecord> = {}): NoteRecord {
  return {
    id: 12,
    environmentId: 3,
    collectionName: 'orders',
    recordId: '42',
    title: 'Refund',
    userId: author.id,
    teamId: 5,
    createdAt: new Date('2026-01-31T12:00:00.5Z'),
    updatedAt: new Date('2026-02-01T08:30:00.000Z'),
    archivedAt: new Date('2026-03-01T00:00:00Z'),
    user: author,
    team: { name: 'Ops' },
    messages: [{ id: 1, content: '<p>Hi</p>', createdAt: new Date('2026-02-01T08:30:00.000Z'), user: author }],
    ...overrides,
  };
}

describe('toNoteObject', () => {
  test('writes every field of the spec, timestamps as toISOString text, in the spec order', () => {
    const object = toNoteObject(note(), 'production');

    expect(JSON.stringify(object)).toBe(
      JSON.stringify({
        object: 'note',
        id: 12,
        title: 'Refund',
        recordId: '42',
        createdAt: '2026-01-31T12:00:00.500Z',
        updatedAt: '2026-02-01T08:30:00.000Z',
        archivedAt: '2026-03-01T00:00:00.000Z',
        user: { object: 'user', ...author },
        environment: { object: 'environment', name: 'production' },
        team: { object: 'team', name: 'Ops' },
        collection: { object: 'collection', name: 'orders' },
        messages: [
          {
            object: 'note-message',
            content: '<p>Hi</p>',
            createdAt: '2026-02-01T08:30:00.000Z',
            user: { object: 'user', ...author },
          },
        ],
      }),
    );
  });

  test('leaves out archivedAt, team and collection when the note has none (never null)', () => {
    const object = toNoteObject(note({ archivedAt: null, team: null, teamId: null, collectionName: null }), 'prod');

    expect(object).not.toHaveProperty('archivedAt');
    expect(object).not.toHaveProperty('team');
    expect(object).not.toHaveProperty('collection');
    expect(object.title).toBe('Refund');
  });
});
