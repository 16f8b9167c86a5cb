import { createHash, randomBytes } from 'node:crypto';
import { isUnderAgentUrl, type PlatformUser } from '@platform/platform-contract';
import type { AppContext } from '../context';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import type { Environment } from '../generated/prisma/client';
import { InvalidGrantError } from './agent-errors';
import { environmentUsers } from './permissions-service';

/** How long an authorization code may be exchanged. */
export const AUTHORIZATION_CODE_TTL_MS = 60_000;

function hashCode(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

/**
 * The environment of an authorize request, once `redirectUri` is known to lie under its agent
 * URL: same origin, and a path at or below the agent URL's (so `https://agent.example.com.evil`
 * or `/prefix-other` do not pass). NotFoundError / ValidationError otherwise.
 */
export async function checkAuthorizeTarget(
  context: AppContext,
  environmentId: number,
  redirectUri: string,
): Promise<Environment> {
  const environment = await context.prisma.environment.findUnique({ where: { id: environmentId } });
  if (!environment) throw new NotFoundError(`No environment with id ${environmentId}.`);
  if (!environment.agentUrl) {
    throw new ValidationError(
      `Environment ${environment.name} has no agent URL yet; an operator sets it with \`platform-api environments set-url\`.`,
    );
  }
  if (!isUnderAgentUrl(redirectUri, environment.agentUrl)) {
    throw new ValidationError(`The redirect URI is not under the agent URL of environment ${environment.name}.`);
  }
  return environment;
}

/**
 * Issues a one-time code for `userId` on `environment` (stored hashed, valid one minute).
 * ForbiddenError when the user may not use the environment.
 */
export async function issueAuthorizationCode(
  context: AppContext,
  environment: Environment,
  userId: number,
  redirectUri: string,
): Promise<string> {
  const [user] = await environmentUsers(context, environment, userId);
  if (!user) {
    throw new ForbiddenError(
      `You have no access to environment ${environment.name}: ask an administrator to add you to a team of the project.`,
    );
  }
  const code = randomBytes(32).toString('base64url');
  await context.prisma.authorizationCode.create({
    data: {
      codeHash: hashCode(code),
      userId,
      environmentId: environment.id,
      renderingId: user.renderingId,
      redirectUri,
      expiresAt: new Date(context.now().getTime() + AUTHORIZATION_CODE_TTL_MS),
    },
  });
  return code;
}

/**
 * The user a code was issued for. The code works once, within its minute, for the environment it
 * was issued on and with the same redirect URI; InvalidGrantError otherwise.
 */
export async function exchangeAuthorizationCode(
  context: AppContext,
  environment: Environment,
  { code, redirectUri }: { readonly code: string; readonly redirectUri: string },
): Promise<PlatformUser> {
  const now = context.now();
  const stored = await context.prisma.authorizationCode.findUnique({ where: { codeHash: hashCode(code) } });
  if (!stored || stored.environmentId !== environment.id) throw new InvalidGrantError('The code is not valid.');
  if (stored.usedAt) throw new InvalidGrantError('The code was already used; sign in again.');
  if (stored.expiresAt.getTime() <= now.getTime()) throw new InvalidGrantError('The code expired; sign in again.');
  if (stored.redirectUri !== redirectUri) {
    throw new InvalidGrantError('The redirect URI differs from the one the code was issued for.');
  }
  // The usedAt guard makes two concurrent exchanges of one code yield one success.
  const claimed = await context.prisma.authorizationCode.updateMany({
    where: { codeHash: stored.codeHash, usedAt: null },
    data: { usedAt: now },
  });
  if (claimed.count !== 1) throw new InvalidGrantError('The code was already used; sign in again.');

  const [user] = await environmentUsers(context, environment, stored.userId);
  if (!user) throw new InvalidGrantError('The user no longer has access to this environment.');
  return user;
}
