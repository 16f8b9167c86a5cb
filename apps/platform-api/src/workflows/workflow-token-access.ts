import type { AppContext } from '../context';
import type { AuthenticatedToken } from '../tokens/token-authenticator';

/** Why an application token may not act on a workflow of a rendering; null when it may. */
export type TokenAccessRefusal = 'other-project' | 'not-member' | 'sso' | 'not-in-team';

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
  if (auth.membershipRole === null) return 'not-member';
  if (auth.project.usesSso && !auth.token.createdInSsoSession) return 'sso';
  const inTeam = await context.prisma.teamMembership.findUnique({
    where: { teamId_userId: { teamId: place.teamId, userId: auth.user.id } },
    select: { userId: true },
  });
  return inTeam ? null : 'not-in-team';
}

/** The 403 text of each refusal, in the public API's "Insufficient permissions" wording. */
export const TOKEN_ACCESS_MESSAGES: Record<TokenAccessRefusal, string> = {
  'other-project': "Insufficient permissions: the token belongs to another project than the workflow's.",
  'not-member': "Insufficient permissions: the token's user is no longer a member of the project.",
  sso: 'Insufficient permissions: the project uses SSO and the token was not created in an SSO session.',
  'not-in-team': "Insufficient permissions: the token's user is not in the team that owns this workflow.",
};
