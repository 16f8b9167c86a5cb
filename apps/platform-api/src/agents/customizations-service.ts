import { type NoCodeAction, noCodeActionSchema } from '@platform/platform-contract';
import type { AppContext } from '../context';

/** The environment's no-code actions (experimental), by collection then name. */
export async function environmentCustomizations(context: AppContext, environmentId: number): Promise<NoCodeAction[]> {
  const rows = await context.prisma.noCodeAction.findMany({
    where: { environmentId },
    orderBy: [{ collectionName: 'asc' }, { name: 'asc' }],
  });
  return rows.flatMap((row) => {
    const parsed = noCodeActionSchema.safeParse(row.definition);
    return parsed.success ? [parsed.data] : [];
  });
}
