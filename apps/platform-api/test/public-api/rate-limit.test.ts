import { describeWithService, redisUrl } from '@platform/tooling/test-services';
import { closeRateLimitStores } from '../../src/http/rate-limit/rate-limit-store';
import { createTestContext, describeEachDatabase } from '../helpers/test-context';
import { runRateLimitContract } from './helpers/rate-limit-contract';

describeEachDatabase('public API rate limit, memory store', (kind) => {
  runRateLimitContract({ open: () => createTestContext(kind) });
});

// Counts in Redis are shared by every instance; each test of the contract uses its own key prefix.
describeWithService('redis', 'public API rate limit, Redis store', () => {
  runRateLimitContract({
    open: () => createTestContext('pglite', { env: { REDIS_URL: redisUrl() } }),
    close: closeRateLimitStores,
  });
});
