// Type-level only: the collection customizer as seen through the generated typings, so that
// `agent.customizeCollection('books', (books) => ...)` checks field names and paths in the
// user's editor. At run time the object is the engine's `CollectionCustomizer`; with no
// typings (`S` = `TSchema`) every name is a plain string and the two types are the same.
import type { CollectionCustomizer, ImportFieldOptions } from '../customizer/collection-customizer';
import type { CollectionCustomizationContext } from '../customizer/context/collection-customization-context';
import type { ComputedDefinition } from '../customizer/decorators/computed/types';
import type { HookHandler, HookPosition, HookType } from '../customizer/decorators/hook/types';
import type { ManyToManyOptions, ManyToOneOptions, OneToManyOptions } from '../customizer/decorators/relation/types';
import type { Plugin } from '../customizer/types';
import type { TCollectionName, TColumnName, TFieldName, TRelationName, TRow, TSchema } from '../typings/typed-schema';

type Args<K extends keyof CollectionCustomizer> = CollectionCustomizer[K] extends (...args: infer A) => unknown
  ? A
  : never;
type Tail<T extends readonly unknown[]> = T extends readonly [unknown, ...infer Rest] ? Rest : never;

/** The customizer of collection `N` of the generated `Schema` `S` (see README "Typings"). */
export interface TypedCollectionCustomizer<
  S extends TSchema = TSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> {
  readonly name: string;
  readonly schema: CollectionCustomizer['schema'];

  use<Options>(plugin: Plugin<Options>, options?: Options): this;
  disableCount(): this;
  addAction(...args: Args<'addAction'>): this;

  addField(
    name: string,
    definition: Omit<ComputedDefinition, 'dependencies' | 'getValues'> & {
      readonly dependencies: readonly TFieldName<S, N>[];
      /** Records hold only the dependencies: columns, and to-one relations as nested records. */
      readonly getValues: (
        records: Array<Partial<TRow<S, N>>>,
        context: CollectionCustomizationContext,
      ) => readonly unknown[] | Promise<readonly unknown[]>;
    },
  ): this;
  importField(name: string, options: Omit<ImportFieldOptions, 'path'> & { readonly path: TFieldName<S, N> }): this;
  renameField(currentName: TColumnName<S, N> | TRelationName<S, N>, newName: string): this;
  removeField(...names: Array<TColumnName<S, N> | TRelationName<S, N>>): this;
  addFieldValidation(name: TColumnName<S, N>, ...rest: Tail<Args<'addFieldValidation'>>): this;
  setFieldNullable(name: TColumnName<S, N>): this;
  replaceFieldWriting(name: TColumnName<S, N>, ...rest: Tail<Args<'replaceFieldWriting'>>): this;
  replaceFieldBinaryMode(name: TColumnName<S, N>, ...rest: Tail<Args<'replaceFieldBinaryMode'>>): this;

  addManyToOneRelation<F extends TCollectionName<S>>(
    name: string,
    foreignCollection: F,
    options: Omit<ManyToOneOptions, 'foreignKey' | 'foreignKeyTarget'> & {
      readonly foreignKey: TColumnName<S, N>;
      readonly foreignKeyTarget?: TColumnName<S, F>;
    },
  ): this;
  addOneToManyRelation<F extends TCollectionName<S>>(
    name: string,
    foreignCollection: F,
    options: Omit<OneToManyOptions, 'originKey' | 'originKeyTarget'> & {
      readonly originKey: TColumnName<S, F>;
      readonly originKeyTarget?: TColumnName<S, N>;
    },
  ): this;
  addOneToOneRelation<F extends TCollectionName<S>>(
    name: string,
    foreignCollection: F,
    options: Omit<OneToManyOptions, 'originKey' | 'originKeyTarget'> & {
      readonly originKey: TColumnName<S, F>;
      readonly originKeyTarget?: TColumnName<S, N>;
    },
  ): this;
  addManyToManyRelation<F extends TCollectionName<S>, T extends TCollectionName<S>>(
    name: string,
    foreignCollection: F,
    throughCollection: T,
    options: Omit<ManyToManyOptions, 'originKey' | 'foreignKey' | 'originKeyTarget' | 'foreignKeyTarget'> & {
      readonly originKey: TColumnName<S, T>;
      readonly foreignKey: TColumnName<S, T>;
      readonly originKeyTarget?: TColumnName<S, N>;
      readonly foreignKeyTarget?: TColumnName<S, F>;
    },
  ): this;
  addExternalRelation(...args: Args<'addExternalRelation'>): this;

  addSegment(...args: Args<'addSegment'>): this;
  replaceSearch(...args: Args<'replaceSearch'>): this;
  disableSearch(): this;

  emulateFieldSorting(name: TColumnName<S, N>): this;
  replaceFieldSorting(name: TColumnName<S, N>, ...rest: Tail<Args<'replaceFieldSorting'>>): this;
  disableFieldSorting(name: TColumnName<S, N>): this;
  emulateFieldFiltering(name: TColumnName<S, N>): this;
  emulateFieldOperator(name: TColumnName<S, N>, ...rest: Tail<Args<'emulateFieldOperator'>>): this;
  replaceFieldOperator(name: TColumnName<S, N>, ...rest: Tail<Args<'replaceFieldOperator'>>): this;

  addChart(...args: Args<'addChart'>): this;
  addHook<P extends HookPosition, T extends HookType>(position: P, type: T, handler: HookHandler<P, T>): this;
  overrideCreate(...args: Args<'overrideCreate'>): this;
  overrideUpdate(...args: Args<'overrideUpdate'>): this;
  overrideDelete(...args: Args<'overrideDelete'>): this;
}

// Compile-time guards. A method added to CollectionCustomizer must be added above (else typed
// agents could not call it), and without typings the facade must accept the engine's customizer.
type AssertNever<T extends never> = T;
type AssertAssignable<T extends U, U> = [T, U];
export type _FacadeCoversEveryMethod = AssertNever<
  Exclude<keyof CollectionCustomizer, keyof TypedCollectionCustomizer>
>;
export type _FacadeAcceptsTheEngine = AssertAssignable<CollectionCustomizer, TypedCollectionCustomizer>;
