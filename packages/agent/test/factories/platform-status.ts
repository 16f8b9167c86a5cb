import type { Logger } from '@platform/datasource-toolkit';
import { silentLogger } from '@platform/tooling/test-helpers';
import { PlatformStatus } from '../../src/platform/platform-status';

/** A link to a platform that no test reaches, logging to `logger` (default: nowhere). */
export function makePlatformStatus(overrides: { logger?: Logger; maxAgeMs?: number } = {}): PlatformStatus {
  return new PlatformStatus({
    serverUrl: 'http://platform.test',
    logger: overrides.logger ?? silentLogger,
    maxAgeMs: overrides.maxAgeMs ?? 300_000,
  });
}
