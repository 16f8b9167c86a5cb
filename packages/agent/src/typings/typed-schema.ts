// Type-level helpers over the `Schema` type that `typingsPath` generates. They type the agent's
// methods (`createAgent<Schema>()`) so an editor completes and checks collection names and field
// paths; without generated typings every name is a plain `string`.

/** One collection in the generated typings: its columns, its to-one relations and its flat paths. */
export interface CollectionTypings {
  /** Columns, with their TypeScript type. */
  readonly plain: Record<string, unknown>;
  /** To-one relations, as the nested record they load. */
  readonly nested: Record<string, unknown>;
  /** Every `relation:field` path through to-one relations, up to `typingsMaxDepth`. */
  readonly flat: Record<string, unknown>;
  /** Every relation (to-one and to-many), with the name of the collection it points at. */
  readonly relations?: Record<string, string>;
}

/** The shape of the generated `Schema` type: collections by name. */
export type TypingsSchema = Record<string, CollectionTypings>;

/** The name of a collection of `S`. */
export type CollectionName<S extends TypingsSchema> = Extract<keyof S, string>;

/** A column of collection `N` (no relation path). */
export type ColumnName<S extends TypingsSchema, N extends CollectionName<S>> = Extract<keyof S[N]['plain'], string>;

/** A relation of collection `N` (to-one or to-many). */
export type RelationName<S extends TypingsSchema, N extends CollectionName<S>> = Extract<
  keyof S[N]['nested'] | keyof NonNullable<S[N]['relations']>,
  string
>;

/** A column of `N` or a `relation:field` path through its to-one relations. */
export type FieldName<S extends TypingsSchema, N extends CollectionName<S>> = Extract<
  keyof S[N]['plain'] | keyof S[N]['flat'],
  string
>;

/** A record of `N` with its to-one relations loaded. */
export type CollectionRecord<S extends TypingsSchema, N extends CollectionName<S>> = S[N]['plain'] & S[N]['nested'];

// The names these types had before they followed STYLE.md (no `T` prefix); kept for existing code.

/** @deprecated use `CollectionTypings` */
export type TCollectionTypings = CollectionTypings;
/** @deprecated use `TypingsSchema` */
export type TSchema = TypingsSchema;
/** @deprecated use `CollectionName` */
export type TCollectionName<S extends TypingsSchema> = CollectionName<S>;
/** @deprecated use `ColumnName` */
export type TColumnName<S extends TypingsSchema, N extends CollectionName<S>> = ColumnName<S, N>;
/** @deprecated use `RelationName` */
export type TRelationName<S extends TypingsSchema, N extends CollectionName<S>> = RelationName<S, N>;
/** @deprecated use `FieldName` */
export type TFieldName<S extends TypingsSchema, N extends CollectionName<S>> = FieldName<S, N>;
/** @deprecated use `CollectionRecord` */
export type TRow<S extends TypingsSchema, N extends CollectionName<S>> = CollectionRecord<S, N>;
