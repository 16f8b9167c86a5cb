import { z } from 'zod';

/** The field values of a record to write, by field name. */
export const recordValuesSchema = z
  .record(z.string(), z.unknown())
  .describe('Field values by field name (describeCollection lists the fields and which are read-only).');
