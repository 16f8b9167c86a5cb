import type { ActionFormField, ActionSchema, DataSource } from '@platform/datasource-toolkit';
import { makeLibraryDataSource, makeLibraryDefinition } from '@platform/datasource-toolkit/testing';
import { overrideCollections } from './override-collections';

/**
 * The toolkit's library with `actions` on `books`, whose static forms return `form`: the
 * in-memory data source has no action handlers of its own.
 */
export function createLibraryWithActions(
  actions: Record<string, ActionSchema>,
  form: ActionFormField[] = [{ type: 'String', label: 'Reason', isRequired: true }],
): DataSource {
  const definition = makeLibraryDefinition();
  const inner = makeLibraryDataSource(undefined, {
    ...definition,
    books: { fields: {}, ...definition.books, actions },
  });
  return overrideCollections(inner, { books: { getForm: async () => form } });
}
