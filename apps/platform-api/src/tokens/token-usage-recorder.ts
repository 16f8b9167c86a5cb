import { TOKEN_ADMIN_LOG_ACTIONS, TOKEN_TARGET_TYPE } from '../audit/admin-log-entry';
import { recordAdminLog } from '../audit/record-admin-log';
import type { AppContext } from '../context';
import type { ApplicationToken, Project, User } from '../generated/prisma/client';

/** `lastUsedAt` and the `token.use` admin-log entry move at most once per token per this period. */
export const TOKEN_USAGE_PERIOD_MS = 60_000;
/** Past this many remembered tokens, entries older than the period are forgotten. */
const MAX_REMEMBERED_TOKENS = 10_000;

export interface TokenUse {
  readonly token: Pick<ApplicationToken, 'id' | 'name' | 'lastUsedAt'>;
  readonly user: Pick<User, 'id' | 'email'>;
  readonly project: Pick<Project, 'id' | 'organizationId'>;
}

export interface TokenUsageRecorder {
  /** Notes a successful use. Returns at once: the write happens in the background. */
  record(use: TokenUse): void;
  /** Resolves when every background write started so far has finished (tests, shutdown). */
  flush(): Promise<void>;
}

/**
 * Records token use off the request's critical path, throttled to once a minute per token.
 *
 * Three layers, cheapest first: the `lastUsedAt` the request just read (no query at all), an
 * in-process map (concurrent requests of this instance), and the conditional UPDATE, which is the
 * truth across instances: only the instance whose UPDATE matched a row writes the `token.use` entry.
 */
export function createTokenUsageRecorder(context: AppContext): TokenUsageRecorder {
  const lastRecordedAt = new Map<number, number>();
  const pending = new Set<Promise<void>>();

  async function write(use: TokenUse, now: Date): Promise<void> {
    const { count } = await context.prisma.applicationToken.updateMany({
      where: {
        id: use.token.id,
        OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: new Date(now.getTime() - TOKEN_USAGE_PERIOD_MS) } }],
      },
      data: { lastUsedAt: now },
    });
    if (count === 0) return;
    await recordAdminLog(context, {
      organizationId: use.project.organizationId,
      projectId: use.project.id,
      userId: use.user.id,
      userEmail: use.user.email,
      tokenId: use.token.id,
      action: TOKEN_ADMIN_LOG_ACTIONS.use,
      targetType: TOKEN_TARGET_TYPE,
      targetId: use.token.id,
      details: { name: use.token.name },
    });
  }

  function forgetOldEntries(nowMs: number): void {
    if (lastRecordedAt.size < MAX_REMEMBERED_TOKENS) return;
    for (const [tokenId, at] of lastRecordedAt) {
      if (nowMs - at >= TOKEN_USAGE_PERIOD_MS) lastRecordedAt.delete(tokenId);
    }
  }

  return {
    record(use) {
      const now = context.now();
      const nowMs = now.getTime();
      const lastUsedMs = Math.max(use.token.lastUsedAt?.getTime() ?? 0, lastRecordedAt.get(use.token.id) ?? 0);
      if (lastUsedMs > 0 && nowMs - lastUsedMs < TOKEN_USAGE_PERIOD_MS) return;
      forgetOldEntries(nowMs);
      lastRecordedAt.set(use.token.id, nowMs);
      const work = write(use, now)
        .catch((error: unknown) => {
          context.logger.error({ err: error, tokenId: use.token.id }, 'could not record an application token use');
        })
        .finally(() => pending.delete(work));
      pending.add(work);
    },
    async flush() {
      await Promise.all([...pending]);
    },
  };
}
