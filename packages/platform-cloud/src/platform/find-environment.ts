import type { CloudEnvironment } from '@platform/platform-contract';
import { PlatformRequestError } from '../cli/cli-errors';
import type { CloudApi } from './cloud-api';

/**
 * The cloud environment of an environment secret, with the lookup's refusals said in one line:
 * an unknown secret (404), an environment whose agent the platform does not host (409), a user
 * who may not customize it (403).
 */
export async function findEnvironment(api: CloudApi, environmentSecret: string): Promise<CloudEnvironment> {
  try {
    return await api.lookupEnvironment(environmentSecret);
  } catch (error) {
    if (!(error instanceof PlatformRequestError)) throw error;
    const message = refusal(error.status);
    if (message === undefined) throw error;
    throw new PlatformRequestError(message, error.status, error.code, { cause: error });
  }
}

function refusal(status: number): string | undefined {
  switch (status) {
    case 404:
      return 'no environment has this environment secret: check the secret (PLATFORM_ENV_SECRET or --env-secret)';
    case 409:
      return 'the environment of this secret is not a cloud environment: its agent is not hosted by the platform';
    case 403:
      return 'you may not customize this environment: it takes the Admin or Developer role in its project';
    default:
      return undefined;
  }
}
