/** Where an activity came from: the customer's agent (for a signed-in user, a workflow run, an MCP session or an AI tool call), or platform-api itself. */
export const ACTIVITY_SOURCES = ['agent', 'workflow', 'mcp', 'ai', 'platform'] as const;

export type ActivitySource = (typeof ACTIVITY_SOURCES)[number];

/**
 * One action to record in a project's activity log: who acted, what they did (`action`), on which
 * record, and where. The time is the context clock's. Users are kept as plain values (id and email)
 * so that entries survive the user's deletion.
 */
export interface ActivityLogEntry {
  readonly projectId: number;
  readonly environmentId?: number | null;
  readonly userId?: number | null;
  readonly userEmail?: string | null;
  readonly source: ActivitySource;
  /** e.g. `read`, `update`, `note.create`, `workflow.run`. */
  readonly action: string;
  readonly collectionName?: string | null;
  readonly recordId?: string | null;
  /** JSON-serialisable context; never secrets. */
  readonly details?: Readonly<Record<string, unknown>>;
}

/** The activity-log actions written by the notes feature. */
export const NOTE_ACTIVITY_ACTIONS = {
  create: 'note.create',
  message: 'note.message',
  archive: 'note.archive',
  unarchive: 'note.unarchive',
} as const;
