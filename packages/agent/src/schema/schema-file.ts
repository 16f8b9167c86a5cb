import { readFile, writeFile } from 'node:fs/promises';
import { validationErrorFromZod } from '@platform/datasource-toolkit';
import { type PlatformSchema, platformSchemaSchema } from './platform-schema';
import { serializeSchema } from './serialize-schema';

/** The schema file cannot be used: missing, unreadable or not a schema. */
export class SchemaFileError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SchemaFileError';
  }
}

const HOW_TO_GENERATE =
  'Generate it in development (start the agent with isProduction: false, or call agent.generateSchemaOnly()) and deploy it with your code.';

/**
 * Writes the schema to `path` unless the file already holds exactly these bytes, so its
 * modification time only changes with its content. Returns whether it wrote.
 */
export async function writeSchemaFile(path: string, schema: PlatformSchema): Promise<boolean> {
  const content = serializeSchema(schema);
  const current = await readFile(path, 'utf8').catch(() => undefined);
  if (current === content) return false;

  await writeFile(path, content, 'utf8');
  return true;
}

/**
 * Reads and validates the schema file (production).
 * @throws SchemaFileError naming the path and how to generate the file.
 */
export async function readSchemaFile(path: string): Promise<PlatformSchema> {
  let content: string;
  try {
    content = await readFile(path, 'utf8');
  } catch (error) {
    throw new SchemaFileError(`Cannot read the schema file ${path} needed in production. ${HOW_TO_GENERATE}`, {
      cause: error,
    });
  }

  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch (error) {
    throw new SchemaFileError(`The schema file ${path} is not valid JSON. ${HOW_TO_GENERATE}`, { cause: error });
  }

  const parsed = platformSchemaSchema.safeParse(json);
  if (!parsed.success) {
    const invalid = validationErrorFromZod(parsed.error, { subject: 'platform schema' });
    throw new SchemaFileError(
      `The schema file ${path} is not a platform schema. ${invalid.message} ${HOW_TO_GENERATE}`,
      {
        cause: invalid,
      },
    );
  }

  return parsed.data;
}
