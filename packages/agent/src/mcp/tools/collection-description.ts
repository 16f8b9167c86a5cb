import { type Collection, type FieldSchema, getPrimaryKeys } from '@platform/datasource-toolkit';
import { z } from 'zod';

const fieldSchema = z.object({
  name: z.string(),
  type: z.enum(['Column', 'ManyToOne', 'OneToMany', 'OneToOne', 'ManyToMany']),
  columnType: z.unknown().optional(),
  operators: z.array(z.string()).optional(),
  enumValues: z.array(z.string()).optional(),
  isPrimaryKey: z.boolean().optional(),
  isReadOnly: z.boolean().optional(),
  isSortable: z.boolean().optional(),
  isRequired: z.boolean().optional(),
  target: z.string().optional(),
  through: z.string().optional(),
});

const actionSchema = z.object({
  name: z.string(),
  scope: z.enum(['Single', 'Bulk', 'Global']),
  hasForm: z.boolean(),
  generatesFile: z.boolean(),
  description: z.string().optional(),
});

/** What `describeCollection` tells of one collection. */
export const collectionDescriptionSchema = z.object({
  name: z.string(),
  primaryKeys: z.array(z.string()),
  isSearchable: z.boolean(),
  isCountable: z.boolean(),
  fields: z.array(fieldSchema),
  actions: z.array(actionSchema),
  segments: z.array(z.string()),
});

export type CollectionDescription = z.output<typeof collectionDescriptionSchema>;

/**
 * The description of `collection`: its fields (with the operators a filter may use on each, and
 * the collection each relation leads to), its actions and its segments.
 * @param hasForm whether an action shows a form.
 */
export async function describe(
  collection: Collection,
  hasForm: (action: string) => Promise<boolean>,
): Promise<CollectionDescription> {
  const { schema } = collection;
  const actions = await Promise.all(
    Object.entries(schema.actions).map(async ([name, action]) => ({
      name,
      scope: action.scope,
      hasForm: await hasForm(name),
      generatesFile: action.generateFile === true,
      ...(action.description === undefined ? {} : { description: action.description }),
    })),
  );

  return {
    name: collection.name,
    primaryKeys: getPrimaryKeys(schema),
    isSearchable: schema.searchable,
    isCountable: schema.countable,
    fields: Object.entries(schema.fields).map(([name, field]) => describeField(name, field)),
    actions,
    segments: [...schema.segments],
  };
}

function describeField(name: string, field: FieldSchema): z.output<typeof fieldSchema> {
  switch (field.type) {
    case 'Column':
      return {
        name,
        type: field.type,
        columnType: field.columnType,
        operators: [...field.filterOperators],
        ...(field.enumValues === undefined ? {} : { enumValues: [...field.enumValues] }),
        isPrimaryKey: field.isPrimaryKey === true,
        isReadOnly: field.isReadOnly === true,
        isSortable: field.isSortable !== false,
        isRequired:
          field.allowNull === false &&
          !field.isAutoIncrement &&
          field.defaultValue === undefined &&
          !field.hasDatabaseDefault,
      };
    case 'ManyToMany':
      return { name, type: field.type, target: field.foreignCollection, through: field.throughCollection };
    case 'ManyToOne':
    case 'OneToMany':
    case 'OneToOne':
      return { name, type: field.type, target: field.foreignCollection };
    default: {
      const unknownField: never = field;
      throw new Error(`Unknown field ${JSON.stringify(unknownField)}`);
    }
  }
}
