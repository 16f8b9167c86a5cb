import { z } from 'zod';

// The shape of `.platform-schema.json`. It is parsed with zod when read from disk (production),
// and the types derive from the same schemas so the writer and the reader cannot drift.

const columnTypeSchema: z.ZodType<unknown> = z.lazy(() =>
  z.union([z.string(), z.record(z.string(), columnTypeSchema), z.tuple([columnTypeSchema])]),
);

const columnFieldSchema = z.object({
  name: z.string(),
  type: z.literal('Column'),
  columnType: columnTypeSchema,
  filterOperators: z.array(z.string()),
  isPrimaryKey: z.boolean(),
  isReadOnly: z.boolean(),
  isSortable: z.boolean(),
  allowNull: z.boolean(),
  defaultValue: z.unknown(),
  /** The database fills the column when a create leaves it out (`now()`, `gen_random_uuid()`). */
  hasDatabaseDefault: z.boolean().default(false),
  enumValues: z.array(z.string()).nullable(),
  validation: z.array(z.object({ operator: z.string(), value: z.unknown() })),
});

const relationFieldSchema = z.object({
  name: z.string(),
  type: z.enum(['ManyToOne', 'OneToMany', 'OneToOne', 'ManyToMany']),
  foreignCollection: z.string(),
  throughCollection: z.string().nullable(),
  foreignKey: z.string().nullable(),
  foreignKeyTarget: z.string().nullable(),
  originKey: z.string().nullable(),
  originKeyTarget: z.string().nullable(),
});

const actionSchema = z.object({
  name: z.string(),
  route: z.string(),
  scope: z.enum(['Single', 'Bulk', 'Global']),
  generateFile: z.boolean(),
  description: z.string().nullable(),
  submitButtonLabel: z.string().nullable(),
  staticForm: z.boolean(),
  /** The form of an action whose form is static; null when it is computed per request. */
  fields: z.array(z.record(z.string(), z.unknown())).nullable(),
});

const collectionSchema = z.object({
  name: z.string(),
  countable: z.boolean(),
  searchable: z.boolean(),
  fields: z.array(z.discriminatedUnion('type', [columnFieldSchema, relationFieldSchema])),
  actions: z.array(actionSchema),
  segments: z.array(z.string()),
  charts: z.array(z.string()),
});

export const platformSchemaSchema = z.object({
  collections: z.array(collectionSchema),
  charts: z.array(z.string()),
  meta: z.object({
    agent: z.string(),
    agentVersion: z.string(),
    engine: z.literal('nodejs'),
    engineVersion: z.string(),
    /** SHA-1 of the canonical JSON of `collections` and `charts`: what the platform compares. */
    schemaHash: z.string(),
  }),
});

/** The content of `.platform-schema.json`: what the agent tells the platform it serves. */
export type PlatformSchema = z.infer<typeof platformSchemaSchema>;
export type PlatformCollectionSchema = z.infer<typeof collectionSchema>;
export type PlatformFieldSchema = PlatformCollectionSchema['fields'][number];
export type PlatformActionSchema = z.infer<typeof actionSchema>;
