import type { AgentSchema } from '@platform/platform-contract';
import type { AppContext } from '../context';
import type { Prisma } from '../generated/prisma/client';

/** True when the environment's stored schema has another hash (or none): the agent must upload. */
export async function isSchemaNeeded(context: AppContext, environmentId: number, schemaHash: string): Promise<boolean> {
  const stored = await context.prisma.agentSchema.findUnique({ where: { environmentId }, select: { hash: true } });
  return stored?.hash !== schemaHash;
}

/** Keeps `schema` as the environment's latest, replacing the previous one. */
export async function storeSchema(context: AppContext, environmentId: number, schema: AgentSchema): Promise<void> {
  const data = {
    hash: schema.meta.schemaHash,
    schema: schema as unknown as Prisma.InputJsonObject,
    agentVersion: schema.meta.agentVersion ?? null,
    uploadedAt: context.now(),
  };
  await context.prisma.agentSchema.upsert({
    where: { environmentId },
    create: { environmentId, ...data },
    update: data,
  });
}
