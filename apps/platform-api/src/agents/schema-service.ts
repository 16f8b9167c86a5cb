import type { AgentSchema } from '@platform/platform-contract';
import type { AppContext } from '../context';

/** True when the environment's stored schema has another hash (or none): the agent must upload. */
export async function isSchemaNeeded(context: AppContext, environmentId: number, schemaHash: string): Promise<boolean> {
  const stored = await context.prisma.agentSchema.findUnique({ where: { environmentId }, select: { hash: true } });
  return stored?.hash !== schemaHash;
}

/**
 * Keeps `schema` as the environment's latest, replacing the previous one. Raw SQL with the JSON
 * sent as one text parameter: through Prisma's query API, a schema of a few megabytes took seconds
 * to serialize, near the agents' request timeout.
 */
export async function storeSchema(context: AppContext, environmentId: number, schema: AgentSchema): Promise<void> {
  const json = JSON.stringify(schema);
  const uploadedAt = context.now();
  await context.prisma.$executeRaw`
    INSERT INTO "AgentSchema" ("environmentId", "hash", "schema", "agentVersion", "uploadedAt")
    VALUES (${environmentId}, ${schema.meta.schemaHash}, ${json}::jsonb, ${schema.meta.agentVersion ?? null}, ${uploadedAt})
    ON CONFLICT ("environmentId") DO UPDATE SET
      "hash" = EXCLUDED."hash",
      "schema" = EXCLUDED."schema",
      "agentVersion" = EXCLUDED."agentVersion",
      "uploadedAt" = EXCLUDED."uploadedAt"`;
}
