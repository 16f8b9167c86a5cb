import type { PlatformUser } from '@platform/platform-contract';
import type { AppContext } from '../context';
import { issueMcpCode } from './mcp-authorization-codes';
import type { McpAuthorization } from './mcp-authorization-request';
import { recordConsent } from './mcp-grants-service';

/**
 * What Allow on the consent page does for `user` (who may use the environment): records the
 * consent on the grant, then issues the code for the checked `authorization`.
 */
export async function approveAuthorization(
  context: AppContext,
  authorization: McpAuthorization,
  user: PlatformUser,
): Promise<string> {
  const key = { clientId: authorization.client.id, environmentId: authorization.environment.id };
  const grant = await recordConsent(context, key, user, authorization.scopes);
  return issueCodeOnGrant(context, authorization, grant.id);
}

/** A code for `authorization` on a grant that covers it (just consented, or remembered). */
export function issueCodeOnGrant(
  context: AppContext,
  authorization: McpAuthorization,
  grantId: number,
): Promise<string> {
  return issueMcpCode(context, {
    grantId,
    redirectUri: authorization.redirectUri,
    codeChallenge: authorization.codeChallenge,
    scopes: authorization.scopes,
    resource: authorization.resource,
  });
}
