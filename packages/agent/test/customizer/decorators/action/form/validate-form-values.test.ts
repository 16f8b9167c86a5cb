import { makeCaller } from '@platform/datasource-toolkit/testing';
import type { ActionContext, ActionFormElement } from '../../../../../src/customizer/decorators/action/types';
import { makeBooks } from '../make-books';

/** Executes a Global action of this form with `values`; resolves to the form values execute received. */
async function submit(form: ReadonlyArray<ActionFormElement<never>>, values: Record<string, unknown>) {
  const { books } = makeBooks();
  let received: Record<string, unknown> | undefined;
  books.addAction('Send', {
    scope: 'Global',
    // The elements of these tests use no context: any scope's element type fits.
    form: form as ReadonlyArray<ActionFormElement<ActionContext>>,
    execute: async (context) => {
      received = { ...context.formValues };
    },
  });
  await books.execute(makeCaller(), 'Send', values);

  return received;
}

const textFile = 'data:text/plain;name=notes%20v1.txt;base64,aGVsbG8=';

describe('form values given to execute', () => {
  test.each<[string, ActionFormElement<never>, unknown, unknown]>([
    ['String', { label: 'F', type: 'String' }, 'hello', 'hello'],
    ['Number', { label: 'F', type: 'Number' }, 3.5, 3.5],
    ['Boolean', { label: 'F', type: 'Boolean' }, false, false],
    ['Date', { label: 'F', type: 'Date' }, '2026-03-01T10:00:00.000+01:00', '2026-03-01T10:00:00.000+01:00'],
    ['Dateonly', { label: 'F', type: 'Dateonly' }, '2026-02-28', '2026-02-28'],
    ['Time', { label: 'F', type: 'Time' }, '09:30:15', '09:30:15'],
    ['Enum', { label: 'F', type: 'Enum', enumValues: ['a', 'b'] }, 'b', 'b'],
    ['EnumList', { label: 'F', type: 'EnumList', enumValues: ['a', 'b'] }, ['a', 'b'], ['a', 'b']],
    ['Json', { label: 'F', type: 'Json' }, { nested: [1, null] }, { nested: [1, null] }],
    ['Collection', { label: 'F', type: 'Collection', collectionName: 'authors' }, '2', [2]],
    ['NumberList', { label: 'F', type: 'NumberList' }, [1, 2.5], [1, 2.5]],
    ['StringList', { label: 'F', type: 'StringList' }, ['a', ''], ['a', '']],
    ['Dropdown', { label: 'F', type: 'Number', widget: 'Dropdown', options: [{ label: 'One', value: 1 }] }, 1, 1],
  ])('accepts a valid %s value', async (_type, element, sent, expected) => {
    const received = await submit([element], { F: sent });

    expect(received).toEqual({ F: expected });
  });

  test('decodes a File data URI into its mime type, name and content', async () => {
    const received = await submit([{ label: 'F', type: 'File' }], { F: textFile });

    expect(received?.F).toEqual({ mimeType: 'text/plain', name: 'notes v1.txt', buffer: Buffer.from('hello') });
  });

  test('decodes a FileList, keeping the charset', async () => {
    const received = await submit([{ label: 'F', type: 'FileList' }], {
      F: [textFile, 'data:text/csv;charset=utf-8;name=a.csv;base64,YSxi'],
    });

    expect(received?.F).toEqual([
      { mimeType: 'text/plain', name: 'notes v1.txt', buffer: Buffer.from('hello') },
      { mimeType: 'text/csv', name: 'a.csv', charset: 'utf-8', buffer: Buffer.from('a,b') },
    ]);
  });

  test('gives an omitted field its default value', async () => {
    const received = await submit([{ label: 'Copies', type: 'Number', defaultValue: async () => 2 }], {});

    expect(received).toEqual({ Copies: 2 });
  });

  test('keeps null for an optional field cleared by the user', async () => {
    const received = await submit([{ label: 'Copies', type: 'Number', defaultValue: 2 }], { Copies: null });

    expect(received).toEqual({ Copies: null });
  });

  test('leaves out an optional field that is omitted and has no default', async () => {
    expect(await submit([{ label: 'Note', type: 'String' }], {})).toEqual({});
  });

  test('gives a read-only field its computed value, and accepts the same value sent back', async () => {
    const form = [
      { label: 'Price', type: 'Number' },
      {
        label: 'Total',
        type: 'Number',
        isReadOnly: true,
        value: (context: { formValues: Record<string, unknown> }) => Number(context.formValues.Price) * 2,
      },
    ] as unknown as ReadonlyArray<ActionFormElement<never>>;

    expect(await submit(form, { Price: 5 })).toEqual({ Price: 5, Total: 10 });
    expect(await submit(form, { Price: 5, Total: 10 })).toEqual({ Price: 5, Total: 10 });
  });

  test('gives a read-only field without value its default value', async () => {
    const received = await submit([{ label: 'Origin', type: 'String', isReadOnly: true, defaultValue: 'web' }], {});

    expect(received).toEqual({ Origin: 'web' });
  });

  test('decodes the value of a read-only field like a submitted one', async () => {
    const file = { mimeType: 'text/plain', name: 'a.txt', buffer: Buffer.from('hi') };
    const form: ReadonlyArray<ActionFormElement<never>> = [
      { label: 'Author', type: 'Collection', collectionName: 'authors', isReadOnly: true, defaultValue: '2' },
      { label: 'Receipt', type: 'File', isReadOnly: true, value: file },
    ];

    const received = await submit(form, { Receipt: 'data:text/plain;name=a.txt;base64,aGk=' });

    expect(received).toEqual({ Author: [2], Receipt: file });
  });

  test('throws an Error when the action computes a value that does not fit its read-only field', async () => {
    const run = submit([{ label: 'Copies', type: 'Number', isReadOnly: true, defaultValue: 'two' }], {});

    await expect(run).rejects.toThrow(/form field 'Copies': its computed or default value "two" does not fit/);
    await expect(run).rejects.toMatchObject({ name: 'Error' });
  });

  test('ignores the value of a hidden field, even an invalid one', async () => {
    const received = await submit([{ label: 'Copies', type: 'Number', isRequired: true, if: () => false }], {
      Copies: 'many',
    });

    expect(received).toEqual({});
  });
});

describe('form values rejected before execute', () => {
  test.each<[string, ActionFormElement<never>, unknown, RegExp]>([
    ['a String that is a number', { label: 'F', type: 'String' }, 3, /expects a string, got 3/],
    ['a Number as a string', { label: 'F', type: 'Number' }, '12', /expects a finite number, got "12"/],
    ['a Number that is not finite', { label: 'F', type: 'Number' }, Number.POSITIVE_INFINITY, /finite number/],
    ['a Boolean as a string', { label: 'F', type: 'Boolean' }, 'true', /expects true or false/],
    ['a Date that is not ISO', { label: 'F', type: 'Date' }, 'next monday', /expects an ISO 8601 date/],
    ['a Dateonly with a time', { label: 'F', type: 'Dateonly' }, '2026-03-01T00:00', /YYYY-MM-DD/],
    ['a Dateonly that does not exist', { label: 'F', type: 'Dateonly' }, '2026-02-30', /YYYY-MM-DD/],
    ['a Dateonly without padding', { label: 'F', type: 'Dateonly' }, '2026-3-1', /YYYY-MM-DD/],
    ['a Time out of range', { label: 'F', type: 'Time' }, '25:00', /HH:mm/],
    ['a Time without padding', { label: 'F', type: 'Time' }, '9:30', /HH:mm/],
    ['an Enum value not listed', { label: 'F', type: 'Enum', enumValues: ['a', 'b'] }, 'c', /one of 'a', 'b'/],
    [
      'an EnumList with a value not listed',
      { label: 'F', type: 'EnumList', enumValues: ['a'] },
      ['a', 'z'],
      /among 'a'/,
    ],
    ['an EnumList that is not an array', { label: 'F', type: 'EnumList', enumValues: ['a'] }, 'a', /an array/],
    ['a File that is not a data URI', { label: 'F', type: 'File' }, 'hello.txt', /a data URI/],
    ['a File with broken base64', { label: 'F', type: 'File' }, 'data:text/plain;base64,@@@', /a data URI/],
    ['a File with a malformed name', { label: 'F', type: 'File' }, 'data:text/plain;name=%E0%A4%A;base64,aGk=', /URI/],
    ['a FileList with one bad file', { label: 'F', type: 'FileList' }, [textFile, 'x'], /an array of a data URI/],
    [
      'a Collection id that is not a number',
      { label: 'F', type: 'Collection', collectionName: 'authors' },
      'abc',
      /packed id of a 'authors' record.*expects a number/,
    ],
    [
      'a Collection id with too many parts',
      { label: 'F', type: 'Collection', collectionName: 'authors' },
      '1|2',
      /expected 1 part/,
    ],
    [
      'a Collection id that is not a string',
      { label: 'F', type: 'Collection', collectionName: 'authors' },
      2,
      /packed id/,
    ],
    ['a NumberList with a string', { label: 'F', type: 'NumberList' }, [1, '2'], /an array of finite numbers/],
    ['a StringList with a number', { label: 'F', type: 'StringList' }, ['a', 1], /an array of strings/],
    [
      'a Dropdown value not among static options',
      { label: 'F', type: 'String', widget: 'Dropdown', options: [{ label: 'A', value: 'a' }] },
      'z',
      /expects one of its options \("a"\)/,
    ],
  ])('rejects %s with a ValidationError naming the field', async (_case, element, sent, message) => {
    const run = submit([element], { F: sent });

    await expect(run).rejects.toMatchObject({ name: 'ValidationError', message: expect.stringContaining("'F'") });
    await expect(run).rejects.toThrow(message);
  });

  test.each([undefined, null, '', []])('rejects a required field set to %p', async (sent) => {
    const run = submit([{ label: 'Reason', type: 'StringList', isRequired: true }], { Reason: sent });

    await expect(run).rejects.toMatchObject({
      name: 'ValidationError',
      message: expect.stringContaining("'Reason' is required"),
    });
  });

  test('rejects a field the form does not have, listing the fields', async () => {
    const run = submit([{ label: 'Reason', type: 'String' }], { Reasn: 'typo' });

    await expect(run).rejects.toMatchObject({
      name: 'ValidationError',
      message: expect.stringContaining("'Reasn' is not a field of the form (fields: Reason)"),
    });
  });

  test('rejects a different value for a read-only field', async () => {
    const run = submit([{ label: 'Origin', type: 'String', isReadOnly: true, defaultValue: 'web' }], { Origin: 'api' });

    await expect(run).rejects.toMatchObject({
      name: 'ValidationError',
      message: expect.stringContaining("'Origin' is read-only"),
    });
  });

  test('reports every issue at once, as data', async () => {
    const run = submit(
      [
        { label: 'A', type: 'Number', isRequired: true },
        { label: 'B', type: 'Boolean' },
      ],
      { B: 'yes', C: 1 },
    );

    await expect(run).rejects.toMatchObject({
      details: { action: 'Send' },
      issues: [
        { path: 'C', message: expect.stringContaining('not a field of the form') },
        { path: 'A', message: "'A' is required" },
        { path: 'B', message: expect.stringContaining("'B' expects") },
      ],
    });
  });

  test('checks required fields against the form of the submitted values', async () => {
    const form = [
      { label: 'Kind', type: 'Enum', enumValues: ['gift', 'sale'] },
      {
        label: 'Message',
        type: 'String',
        isRequired: (context: { formValues: Record<string, unknown> }) => context.formValues.Kind === 'gift',
      },
    ] as unknown as ReadonlyArray<ActionFormElement<never>>;

    await expect(submit(form, { Kind: 'sale' })).resolves.toEqual({ Kind: 'sale' });
    await expect(submit(form, { Kind: 'gift' })).rejects.toThrow("'Message' is required");
  });
});
