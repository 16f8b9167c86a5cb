import { type NoteRecord, type NoteView, toNoteView } from '../../../src/notes/note-record';
import { noteJsonIn, notesListingJson, toNoteObject } from '../../../src/public-api/notes/note-serializer';

const author = { id: 7, username: 'ada', email: 'ada@example.com' };

function note(overrides: Partial<NoteRecord> = {}): NoteView {
  return toNoteView({
    id: 12,
    environmentId: 3,
    collectionName: 'orders',
    recordId: '42',
    title: 'Refund "quoted" \u2028 <b>',
    userId: author.id,
    teamId: null,
    createdAt: new Date('2026-01-31T12:00:00.5Z'),
    updatedAt: new Date('2026-02-01T08:30:00.000Z'),
    archivedAt: null,
    user: author,
    team: null,
    messages: [
      {
        id: 1,
        content: 'Line one\nline two \u00e9\u{1F600}',
        createdAt: new Date('2026-02-01T08:30:00.000Z'),
        user: author,
      },
    ],
    ...overrides,
  });
}

describe('notesListingJson', () => {
  const parameters = { projectName: 'Shop', environmentName: 'production', limit: 2 };

  test('writes the same text as JSON.stringify of the whole listing object', () => {
    const notes = [note(), note({ id: 11, archivedAt: new Date('2026-03-01T00:00:00Z'), team: { name: 'Ops' } })];
    const toJson = noteJsonIn('production');

    const text = notesListingJson({ notes: notes.map(toJson), hasMore: true }, parameters);

    expect(text).toBe(
      JSON.stringify({ parameters, data: notes.map((each) => toNoteObject(each, 'production')), hasMore: true }),
    );
  });

  test('writes an empty page', () => {
    const text = notesListingJson({ notes: [], hasMore: false }, parameters);

    expect(JSON.parse(text)).toEqual({ hasMore: false, parameters, data: [] });
  });

  test('keeps optional fields out and escapes every string', () => {
    const [data] = JSON.parse(
      notesListingJson({ notes: [noteJsonIn('prod')(note({ collectionName: null }))], hasMore: false }, parameters),
    ).data;

    expect(data).not.toHaveProperty('archivedAt');
    expect(data).not.toHaveProperty('team');
    expect(data).not.toHaveProperty('collection');
    expect(data.title).toBe('Refund "quoted" \u2028 <b>');
    expect(data.messages[0].content).toBe('Line one\nline two \u00e9\u{1F600}');
  });
});

describe('noteJsonIn', () => {
  const awkward = [
    '',
    'plain',
    'quote " backslash \\ slash /',
    'controls \u0000\u0001\t\r\n',
    '\u2028\u2029',
    'lone \ud800 surrogate',
    '\u00e9\u{1F600}',
  ];
  const someone = (index: number) => ({
    id: 100 + index,
    username: awkward[index % awkward.length] ?? '',
    email: `u${index}@example.com`,
  });

  test('writes exactly JSON.stringify(toNoteObject(note)) for every combination of optional fields and awkward text', () => {
    const toJson = noteJsonIn('prod "east"');
    let compared = 0;
    for (const [index, value] of awkward.entries()) {
      for (const archivedAt of [null, new Date('2026-03-01T00:00:00.123Z')]) {
        for (const team of [null, { name: value }]) {
          for (const collectionName of [null, value]) {
            for (const count of [0, 1, 3]) {
              const view = note({
                id: 1000 + compared,
                title: value,
                recordId: `${value}|${index}`,
                archivedAt,
                team,
                collectionName,
                user: someone(index),
                messages: Array.from({ length: count }, (_, at) => ({
                  id: at + 1,
                  content: awkward[(index + at) % awkward.length] ?? '',
                  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, at, at * 7)),
                  user: someone(index + at),
                })),
              });

              expect(toJson(view)).toBe(JSON.stringify(toNoteObject(view, 'prod "east"')));
              compared += 1;
            }
          }
        }
      }
    }
    expect(compared).toBe(awkward.length * 2 * 2 * 2 * 3);
  });
});

describe('toNoteView', () => {
  test('writes every timestamp as toISOString text and keeps the rest', () => {
    const view = note({ archivedAt: new Date('2026-03-01T00:00:00Z') });

    expect(view).toMatchObject({
      id: 12,
      title: 'Refund "quoted" \u2028 <b>',
      createdAt: '2026-01-31T12:00:00.500Z',
      updatedAt: '2026-02-01T08:30:00.000Z',
      archivedAt: '2026-03-01T00:00:00.000Z',
      user: author,
    });
    expect(view.messages[0]?.createdAt).toBe('2026-02-01T08:30:00.000Z');
    expect(note().archivedAt).toBeNull();
  });
});
