import { readFile } from 'node:fs/promises';
import { z } from 'zod';

// Only what the client reads from `.platform-schema.json`: the file belongs to the agent, which
// validates it fully; unknown keys pass.
const agentSchemaFileSchema = z.looseObject({
  collections: z.array(
    z.looseObject({
      name: z.string(),
      fields: z.array(z.looseObject({ name: z.string(), foreignCollection: z.string().optional() })),
      actions: z.array(
        z.looseObject({
          name: z.string(),
          /** `/_actions/books/0/mark-as-live`, relative to the agent's prefix. */
          route: z.string(),
          scope: z.enum(['Single', 'Bulk', 'Global']),
          staticForm: z.boolean(),
        }),
      ),
    }),
  ),
});

export type AgentSchemaFile = z.infer<typeof agentSchemaFileSchema>;
export type AgentSchemaAction = AgentSchemaFile['collections'][number]['actions'][number];

/** Reads the agent's schema file. @throws Error naming the path when it is missing or malformed. */
export async function readAgentSchemaFile(path: string): Promise<AgentSchemaFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new Error(
      `Cannot read the agent schema file at ${path}: start the agent (it writes the file) and pass its schemaPath as agentSchemaPath.`,
      { cause: error },
    );
  }
  const parsed = agentSchemaFileSchema.safeParse(safeJson(text));
  if (!parsed.success) {
    throw new Error(`The agent schema file at ${path} is not an agent schema: ${parsed.error.issues[0]?.message}.`);
  }

  return parsed.data;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
