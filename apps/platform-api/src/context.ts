import type { Logger } from 'pino';
import type { Config } from './config/config';
import type { PrismaClient } from './generated/prisma/client';

/** What every route and service of platform-api is given: built once at start-up. */
export interface AppContext {
  readonly prisma: PrismaClient;
  readonly config: Config;
  readonly logger: Logger;
  /** The clock; tests replace it to move time (expiry, last-used throttling). */
  readonly now: () => Date;
}
