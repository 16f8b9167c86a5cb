import type { DataSource } from '@platform/datasource-toolkit';
import { z } from 'zod';

const schemas = new WeakMap<DataSource, z.ZodType<string>>();

/**
 * A collection name of the data source: an enum of its collections, so clients and models see
 * the names in the tool's JSON schema. Built once per data source.
 */
export function collectionNameSchema(dataSource: DataSource): z.ZodType<string> {
  let schema = schemas.get(dataSource);
  if (schema === undefined) {
    const [first, ...rest] = dataSource.collections.map((collection) => collection.name);
    // An enum needs a value: a data source without collections takes any name, and answers that it does not exist.
    schema = (first === undefined ? z.string() : z.enum([first, ...rest])).describe(
      'A collection of the agent (describeCollection tells its fields, relations, actions and segments).',
    );
    schemas.set(dataSource, schema);
  }

  return schema;
}
