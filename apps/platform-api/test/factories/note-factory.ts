import type { AppContext } from '../../src/context';
import type { Environment, Team, User } from '../../src/generated/prisma/client';

export interface NoteSeed {
  readonly environment: Environment;
  readonly user: User;
  readonly team?: Team | null;
  readonly collectionName?: string | null;
  readonly recordId?: string;
  readonly title?: string;
  readonly createdAt?: string;
  readonly updatedAt?: string;
  readonly archivedAt?: string | null;
  readonly messages?: readonly { readonly content: string; readonly user: User; readonly createdAt?: string }[];
}

/** Inserts a note directly (the write endpoints are tested on their own). */
export async function seedNote(context: AppContext, seed: NoteSeed) {
  const createdAt = new Date(seed.createdAt ?? '2030-01-01T00:00:00.000Z');
  return context.prisma.note.create({
    data: {
      environmentId: seed.environment.id,
      collectionName: seed.collectionName === undefined ? 'orders' : seed.collectionName,
      recordId: seed.recordId ?? '1',
      title: seed.title ?? 'A note',
      userId: seed.user.id,
      teamId: seed.team?.id ?? null,
      createdAt,
      updatedAt: new Date(seed.updatedAt ?? createdAt),
      archivedAt: seed.archivedAt ? new Date(seed.archivedAt) : null,
      messages: {
        create: (seed.messages ?? []).map((message) => ({
          content: message.content,
          userId: message.user.id,
          createdAt: new Date(message.createdAt ?? createdAt),
        })),
      },
    },
  });
}
