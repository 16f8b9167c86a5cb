import type { PlatformUser } from '@platform/platform-contract';

/**
 * The user claims of a token for `user` of an environment, as platform-api puts them in the
 * tokens it mints: the sandbox's platform tokens and the test client's agent tokens both carry them.
 */
export function userClaims(user: PlatformUser, environment: { readonly id: number; readonly projectId: number }) {
  const { id, email, firstName, lastName, team, role, tags, renderingId } = user;
  return {
    id,
    email,
    firstName,
    lastName,
    team,
    role,
    tags,
    renderingId,
    environmentId: environment.id,
    projectId: environment.projectId,
  };
}
