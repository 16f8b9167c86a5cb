// Type-level helpers over the `Schema` type that `typingsPath` generates. They type the agent's
// methods (`createAgent<Schema>()`) so an editor completes and checks collection names and field
// paths; without generated typings every name is a plain `string`.

/** One collection in the generated typings: its columns, its to-one relations and its flat paths. */
export interface TCollectionTypings {
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
export type TSchema = Record<string, TCollectionTypings>;

/** The name of a collection of `S`. */
export type TCollectionName<S extends TSchema> = Extract<keyof S, string>;

/** A column of collection `N` (no relation path). */
export type TColumnName<S extends TSchema, N extends TCollectionName<S>> = Extract<keyof S[N]['plain'], string>;

/** A relation of collection `N` (to-one or to-many). */
export type TRelationName<S extends TSchema, N extends TCollectionName<S>> = Extract<
  keyof S[N]['nested'] | keyof NonNullable<S[N]['relations']>,
  string
>;

/** A column of `N` or a `relation:field` path through its to-one relations. */
export type TFieldName<S extends TSchema, N extends TCollectionName<S>> = Extract<
  keyof S[N]['plain'] | keyof S[N]['flat'],
  string
>;

/** A record of `N` with its to-one relations loaded. */
export type TRow<S extends TSchema, N extends TCollectionName<S>> = S[N]['plain'] & S[N]['nested'];
