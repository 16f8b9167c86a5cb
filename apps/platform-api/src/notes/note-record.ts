import type { Prisma } from '../generated/prisma/client';

const USER_SELECT = { id: true, username: true, email: true } as const;

/**
 * What every notes read loads with a note: its creator, its team, and its thread with each
 * message's author. Single-note reads use it through Prisma (one query per relation); the listing
 * reads the same shape in one statement instead (`note-page-statement.ts`).
 */
export const NOTE_INCLUDE = {
  user: { select: USER_SELECT },
  team: { select: { name: true } },
  messages: {
    select: { id: true, content: true, createdAt: true, user: { select: USER_SELECT } },
    orderBy: { id: 'asc' },
  },
} as const satisfies Prisma.NoteInclude;

/** A note with its creator, team and messages (oldest first). */
export type NoteRecord = Prisma.NoteGetPayload<{ include: typeof NOTE_INCLUDE }>;

/** What the public API shows of a note (`toNoteObject`): a `NoteRecord`, or a note of a listing page. */
export type ShownNote = Pick<
  NoteRecord,
  'id' | 'collectionName' | 'recordId' | 'title' | 'createdAt' | 'updatedAt' | 'archivedAt' | 'user' | 'team'
> & { readonly messages: readonly Pick<NoteRecord['messages'][number], 'content' | 'createdAt' | 'user'>[] };

/** Where a note lives. Every service call is scoped: a note of another environment is not found. */
export interface NoteScope {
  readonly projectId: number;
  readonly environmentId: number;
}

/** Who changes a note; written into the activity log. */
export interface NoteActor {
  readonly userId: number;
  readonly userEmail: string;
  /** The application token used, when the change came through the public API. */
  readonly tokenId?: number;
  /** Where the change came from in the activity log: `platform` unless a workflow run made it. */
  readonly source?: 'platform' | 'workflow';
}
