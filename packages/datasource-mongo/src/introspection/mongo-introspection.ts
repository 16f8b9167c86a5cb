import { parseWithZod } from '@platform/datasource-toolkit';
import { z } from 'zod';

/** The scalar types sampling recognises. `ObjectId` values are read and written as 24-hex strings. */
export const MONGO_SCALAR_TYPES = ['String', 'Number', 'Boolean', 'Date', 'ObjectId', 'Binary', 'Json'] as const;
export type MongoScalarType = (typeof MONGO_SCALAR_TYPES)[number];

/** The type of a field across the sampled documents: a scalar, a nested object, or an array. */
export type MongoFieldType =
  | { readonly kind: 'scalar'; readonly type: MongoScalarType }
  | { readonly kind: 'object'; readonly fields: { readonly [name: string]: MongoFieldType } }
  /** `items` is null when every sampled array was empty. */
  | { readonly kind: 'array'; readonly items: MongoFieldType | null };

/** A relation, in the toolkit's schema shape. Keys are field names of the documents. */
export type MongoRelation =
  | {
      readonly type: 'ManyToOne';
      readonly foreignCollection: string;
      readonly foreignKey: string;
      readonly foreignKeyTarget: string;
    }
  | {
      readonly type: 'OneToMany' | 'OneToOne';
      readonly foreignCollection: string;
      readonly originKey: string;
      readonly originKeyTarget: string;
    };

export interface MongoIntrospectedCollection {
  readonly name: string;
  readonly fields: { readonly [name: string]: MongoFieldType };
  readonly relations: { readonly [name: string]: MongoRelation };
  /** Set on a virtual collection: the items of the array `field` of each `parent` document. */
  readonly virtual?: { readonly parent: string; readonly field: string };
}

/**
 * What introspection learnt of a database. Plain JSON: save it (the cloud CLI does) and pass it
 * back as the `introspection` option to start without sampling.
 */
export interface MongoIntrospection {
  readonly version: 1;
  readonly collections: readonly MongoIntrospectedCollection[];
}

const fieldTypeSchema: z.ZodType<MongoFieldType> = z.lazy(() =>
  z.union([
    z.strictObject({ kind: z.literal('scalar'), type: z.enum(MONGO_SCALAR_TYPES) }),
    z.strictObject({ kind: z.literal('object'), fields: z.record(z.string(), fieldTypeSchema) }),
    z.strictObject({ kind: z.literal('array'), items: fieldTypeSchema.nullable() }),
  ]),
);

const relationSchema = z.union([
  z.strictObject({
    type: z.literal('ManyToOne'),
    foreignCollection: z.string().min(1),
    foreignKey: z.string().min(1),
    foreignKeyTarget: z.string().min(1),
  }),
  z.strictObject({
    type: z.enum(['OneToMany', 'OneToOne']),
    foreignCollection: z.string().min(1),
    originKey: z.string().min(1),
    originKeyTarget: z.string().min(1),
  }),
]);

const introspectionSchema = z.strictObject({
  version: z.literal(1),
  collections: z.array(
    z.strictObject({
      name: z.string().min(1),
      fields: z.record(z.string(), fieldTypeSchema),
      relations: z.record(z.string(), relationSchema),
      virtual: z.strictObject({ parent: z.string().min(1), field: z.string().min(1) }).optional(),
    }),
  ),
});

/**
 * Parses an introspection given back by the user (for instance read from a JSON file).
 * @throws ValidationError naming each bad path.
 */
export function parseIntrospection(input: unknown): MongoIntrospection {
  return parseWithZod(introspectionSchema, input, 'MongoDB introspection') as MongoIntrospection;
}
