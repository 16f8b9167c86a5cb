import { PLATFORM_TOKEN_MAX_LIFETIME_SECONDS } from '@platform/platform-contract';
import { mintUserToken } from '../../agents/mint-user-token';
import type { AppContext } from '../../context';
import { StepFailedError } from './executor-errors';

/**
 * The run user's token for the agent (purpose `workflow`): minted at the first agent call, then
 * minted again once half its lifetime has passed, so that a long run never sends an expired one.
 * @throws StepFailedError when the user may no longer use the environment (no team rendering it).
 */
export function userTokenSource(
  context: AppContext,
  identity: { readonly userId: number; readonly environmentId: number },
): () => Promise<string> {
  let current: { readonly token: string; readonly renewAt: number } | undefined;
  return async () => {
    const now = context.now().getTime();
    if (current && now < current.renewAt) return current.token;
    try {
      const token = await mintUserToken(context, { ...identity, purpose: 'workflow' });
      current = { token, renewAt: now + (PLATFORM_TOKEN_MAX_LIFETIME_SECONDS * 1000) / 2 };
      return token;
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'ForbiddenError' || name === 'NotFoundError') {
        throw new StepFailedError((error as Error).message, 0, { cause: error });
      }
      throw error;
    }
  };
}
