import { OPERATORS } from '@platform/datasource-toolkit';
import { z } from 'zod';

/** Largest page a list tool reads: larger lists are read page after page. */
export const MAX_TOOL_PAGE_SIZE = 100;
export const DEFAULT_TOOL_PAGE_SIZE = 15;

const filterSchema = z
  .union([z.record(z.string(), z.unknown()), z.string()])
  .describe(
    'A condition tree: a leaf {"field":"title","operator":"Equal","value":"Dune"} (field paths may follow to-one ' +
      'relations: "author:name"), or a branch {"aggregator":"And"|"Or","conditions":[...]}. Operators: ' +
      `${OPERATORS.join(', ')}; describeCollection lists those each field accepts.`,
  );

const sortSchema = z
  .union([z.string().min(1), z.array(z.strictObject({ field: z.string().min(1), ascending: z.boolean() })).min(1)])
  .describe('"-field" sorts descending, "relation:field" sorts by a related field; comma-separated, or clauses.');

/** The arguments of a list (`list`, `listRelated`), the same vocabulary as the HTTP list parameters. */
export const listOptionsShape = {
  filter: filterSchema.optional(),
  search: z.string().max(1000).optional().describe('Full-text search, on collections that are searchable.'),
  searchExtended: z.boolean().optional().describe('Also search the fields of related records.'),
  segment: z.string().min(1).optional().describe('A segment of the collection (describeCollection lists them).'),
  sort: sortSchema.optional(),
  fields: z
    .array(z.string().min(1))
    .min(1)
    .max(200)
    .optional()
    .describe(
      'The fields to read: columns, "relation:field" for a field of a to-one relation, or a to-one relation ' +
        'name for its id. Default: every column and the id of each to-one relation.',
    ),
  page: z
    .strictObject({
      number: z.number().int().min(1).default(1),
      size: z.number().int().min(1).max(MAX_TOOL_PAGE_SIZE).default(DEFAULT_TOOL_PAGE_SIZE),
    })
    .optional()
    .describe(`Which page to read, from 1; at most ${MAX_TOOL_PAGE_SIZE} records a page.`),
  count: z.boolean().optional().describe('Also count the records matching on every page (null if not countable).'),
};

export type ListOptions = z.output<z.ZodObject<typeof listOptionsShape>>;
