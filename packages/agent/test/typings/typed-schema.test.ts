import type {
  CollectionName,
  CollectionRecord,
  CollectionTypings,
  ColumnName,
  FieldName,
  RelationName,
  TCollectionName,
  TCollectionTypings,
  TColumnName,
  TFieldName,
  TRelationName,
  TRow,
  TSchema,
  TypingsSchema,
} from '@platform/agent';

// Checked by the compiler (`tsc --noEmit`): `true` only when both types are the same.
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

type Library = {
  books: {
    plain: { id: number; title: string };
    nested: { author: { name: string } };
    flat: { 'author:name': string };
    relations: { author: 'authors' };
  };
};

describe('the deprecated T-prefixed typings names', () => {
  test('are the types of the new names', () => {
    const same: readonly true[] = [
      true satisfies Same<TCollectionTypings, CollectionTypings>,
      true satisfies Same<TSchema, TypingsSchema>,
      true satisfies Same<TCollectionName<Library>, CollectionName<Library>>,
      true satisfies Same<TColumnName<Library, 'books'>, ColumnName<Library, 'books'>>,
      true satisfies Same<TRelationName<Library, 'books'>, RelationName<Library, 'books'>>,
      true satisfies Same<TFieldName<Library, 'books'>, FieldName<Library, 'books'>>,
      true satisfies Same<TRow<Library, 'books'>, CollectionRecord<Library, 'books'>>,
    ];

    expect(same).toHaveLength(7);
  });
});
