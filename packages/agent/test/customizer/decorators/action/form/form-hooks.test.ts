import { makeCaller } from '@platform/datasource-toolkit/testing';
import type { ActionFormElement } from '../../../../../src/customizer/decorators/action/types';
import { makeBooks } from '../make-books';

type Values = { formValues: Record<string, unknown>; hasFieldChanged(name: string): boolean };

/** A Global action whose form records what its functions saw. */
function setup() {
  const { books } = makeBooks();
  const cityOptions = jest.fn(async (_context: unknown, search: string | null) => [
    { label: `Paris ${search ?? ''}`.trim(), value: 'paris' },
  ]);
  const countryOptions = jest.fn(async () => [{ label: 'France', value: 'fr' }]);
  const changes: Record<string, boolean>[] = [];
  const form = [
    { label: 'Country', type: 'String', widget: 'Dropdown', options: countryOptions, search: 'dynamic' },
    { label: 'City', type: 'String', widget: 'Dropdown', options: cityOptions, search: 'dynamic' },
    { label: 'Zip', type: 'String', widget: 'Dropdown', options: [{ label: '75001', value: '75001' }] },
    { label: 'Gift', type: 'Boolean', defaultValue: false },
    {
      label: 'Note',
      type: 'String',
      isRequired: (context: Values) => {
        changes.push({ Country: context.hasFieldChanged('Country'), City: context.hasFieldChanged('City') });
        return context.formValues.Gift === true;
      },
    },
  ] as unknown as ReadonlyArray<ActionFormElement<never>>;
  books.addAction('Ship', { scope: 'Global', execute: async () => undefined, form: form as never });

  return { books, cityOptions, countryOptions, changes };
}

describe('ActionCollectionDecorator form hooks', () => {
  test('load: fields take their default values and no field has changed', async () => {
    const { books, changes } = setup();

    const fields = await books.getForm(makeCaller(), 'Ship');

    expect(fields.find((field) => field.label === 'Gift')?.value).toBe(false);
    expect(changes).toEqual([{ Country: false, City: false }]);
  });

  test('load: options functions run without a search value', async () => {
    const { books, cityOptions } = setup();

    const fields = await books.getForm(makeCaller(), 'Ship');

    expect(cityOptions).toHaveBeenCalledWith(expect.anything(), null);
    expect(fields.find((field) => field.label === 'City')?.options).toEqual([{ label: 'Paris', value: 'paris' }]);
  });

  test('change: hasFieldChanged is true for the changed field only', async () => {
    const { books, changes } = setup();

    await books.getForm(makeCaller(), 'Ship', { Country: 'fr' }, undefined, { changedField: 'Country' });

    expect(changes).toEqual([{ Country: true, City: false }]);
  });

  test('change: defaults do not replace the values sent', async () => {
    const { books } = setup();

    const fields = await books.getForm(makeCaller(), 'Ship', { Gift: true }, undefined, { changedField: 'Gift' });

    expect(fields.find((field) => field.label === 'Gift')?.value).toBe(true);
    expect(fields.find((field) => field.label === 'Note')?.isRequired).toBe(true);
  });

  test('change: fields whose values or changes functions read are watched', async () => {
    const { books } = setup();

    const fields = await books.getForm(makeCaller(), 'Ship', {}, undefined, { changedField: 'Gift' });

    const watched = fields.filter((field) => field.watchChanges).map((field) => field.label);
    expect(watched.sort()).toEqual(['City', 'Country', 'Gift']);
  });

  test('search: only the searched field options run, with the search value', async () => {
    const { books, cityOptions, countryOptions } = setup();

    const fields = await books.getForm(makeCaller(), 'Ship', { Country: 'fr' }, undefined, {
      searchField: 'City',
      searchValue: 'Mont',
    });

    expect(cityOptions).toHaveBeenCalledTimes(1);
    expect(cityOptions).toHaveBeenCalledWith(expect.anything(), 'Mont');
    expect(countryOptions).not.toHaveBeenCalled();
    expect(fields.find((field) => field.label === 'City')?.options).toEqual([{ label: 'Paris Mont', value: 'paris' }]);
    expect(fields.find((field) => field.label === 'Zip')?.options).toHaveLength(1);
  });

  test('search: an empty search value is passed as an empty string', async () => {
    const { books, cityOptions } = setup();

    await books.getForm(makeCaller(), 'Ship', {}, undefined, { searchField: 'City' });

    expect(cityOptions).toHaveBeenCalledWith(expect.anything(), '');
  });

  test('change: rejects an unknown changed field with a ValidationError listing the fields', async () => {
    const { books } = setup();

    const run = books.getForm(makeCaller(), 'Ship', {}, undefined, { changedField: 'Planet' });

    await expect(run).rejects.toMatchObject({
      name: 'ValidationError',
      message: expect.stringMatching(/no form field 'Planet'.*Country, City, Zip, Gift, Note/),
    });
  });

  test('search: rejects an unknown search field with a ValidationError', async () => {
    const { books } = setup();

    const run = books.getForm(makeCaller(), 'Ship', {}, undefined, { searchField: 'Planet', searchValue: 'x' });

    await expect(run).rejects.toMatchObject({ name: 'ValidationError', message: expect.stringMatching(/'Planet'/) });
  });

  test('search: rejects a field without dynamic search with a ValidationError', async () => {
    const { books } = setup();

    const run = books.getForm(makeCaller(), 'Ship', {}, undefined, { searchField: 'Zip', searchValue: '75' });

    await expect(run).rejects.toMatchObject({
      name: 'ValidationError',
      message: expect.stringMatching(/'Zip' is not a shown Dropdown with search 'dynamic'/),
    });
  });

  test('search: rejects a field that is hidden with a ValidationError', async () => {
    const { books } = makeBooks();
    books.addAction('Ship', {
      scope: 'Global',
      execute: async () => undefined,
      form: [
        { label: 'City', type: 'String', widget: 'Dropdown', options: async () => [], search: 'dynamic', if: false },
      ],
    });

    const run = books.getForm(makeCaller(), 'Ship', {}, undefined, { searchField: 'City', searchValue: 'x' });

    await expect(run).rejects.toMatchObject({ name: 'ValidationError', message: expect.stringMatching(/'City'/) });
  });

  test('rejects metas that are not strings with a ValidationError', async () => {
    const { books } = setup();

    const run = books.getForm(makeCaller(), 'Ship', {}, undefined, { changedField: 3 as unknown as string });

    await expect(run).rejects.toMatchObject({
      name: 'ValidationError',
      message: expect.stringMatching(/changedField/),
    });
  });
});
