import { ConditionTreeLeaf, Filter } from '@platform/datasource-toolkit';
import { ActionCollectionDecorator } from '../../../../src/customizer/decorators/action/action-collection-decorator';
import { DataSourceDecorator } from '../../../../src/customizer/decorators/data-source-decorator';
import { makeCountingLibrary } from '../../../factories/make-counting-library';

/** The books of the toolkit's library under an action layer, and the counting child below it. */
export function makeBooks() {
  const library = makeCountingLibrary();
  const layer = new DataSourceDecorator(library, ActionCollectionDecorator);

  return { books: layer.getCollection('books'), child: library.getCollection('books'), layer };
}

/** The filter of the books with these ids. */
export function booksWithIds(...ids: number[]): Filter {
  return new Filter({ conditionTree: new ConditionTreeLeaf('id', 'In', ids) });
}
