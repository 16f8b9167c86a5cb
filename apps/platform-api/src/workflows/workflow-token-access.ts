import type { AppContext } from '../context';
import { ForbiddenError } from '../errors';
import type { AuthenticatedToken } from '../tokens/token-authenticator';
import { refusalError, type TokenRefusal, type TokenRule, tokenRefusal } from '../tokens/token-rule';

/** Why an application token may not act on a workflow of a rendering; null when it may. */
export type TokenAccessRefusal = 'other-project' | 'not-in-team' | TokenRefusal;

/** The checks of the token rule that apply to workflows: no scope, any role (spec §4.2). */
const WORKFLOW_TOKEN_RULE: TokenRule = { scopes: [], requireAdmin: false };

export interface RenderingPlace {
  readonly teamId: number;
  readonly projectId: number;
}

/**
 * The rules a token must pass to trigger, or follow the runs of, a workflow (spec §4.2, §5.7): the
 * token belongs to the workflow's project (hence organization); its user is still a member of it,
 * in the team whose rendering holds the workflow; and on an SSO project it was created in an SSO
 * session. Read afresh on every request, like the token itself: a user removed from the team
 * loses access at once.
 */
export async function tokenAccessRefusal(
  context: AppContext,
  auth: AuthenticatedToken,
  place: RenderingPlace,
): Promise<TokenAccessRefusal | null> {
  if (auth.project.id !== place.projectId) return 'other-project';
  const refusal = tokenRefusal(auth, WORKFLOW_TOKEN_RULE);
  if (refusal !== null) return refusal;
  const inTeam = await context.prisma.teamMembership.findUnique({
    where: { teamId_userId: { teamId: place.teamId, userId: auth.user.id } },
    select: { userId: true },
  });
  return inTeam ? null : 'not-in-team';
}

/** The 403 text of the refusals proper to workflows, in the public API's "Insufficient permissions" wording. */
export const TOKEN_ACCESS_MESSAGES: Record<'other-project' | 'not-in-team', string> = {
  'other-project': "Insufficient permissions: the token belongs to another project than the workflow's.",
  'not-in-team': "Insufficient permissions: the token's user is not in the team that owns this workflow.",
};

/** The 403 of a refusal; the token rule's own refusals are worded by `refusalError`. */
export function tokenAccessError(refusal: TokenAccessRefusal): ForbiddenError {
  if (refusal === 'other-project' || refusal === 'not-in-team')
    return new ForbiddenError(TOKEN_ACCESS_MESSAGES[refusal]);
  return refusalError(refusal, WORKFLOW_TOKEN_RULE);
}
