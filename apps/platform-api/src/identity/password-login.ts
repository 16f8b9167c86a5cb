import type { AppContext } from '../context';
import { AuthenticationError } from '../errors';
import { verifyAgainstDummyHash, verifyPassword } from './password-hasher';
import { type CreatedSession, createSession } from './sessions-service';
import { toUserView, type UserView } from './user-view';
import { findUserByEmail } from './users-service';

export interface PasswordLoginResult extends CreatedSession {
  readonly user: UserView;
}

const INVALID_CREDENTIALS = 'Invalid email or password.';

/**
 * Signs in with email and password and opens a non-SSO session. Every failure (unknown email,
 * SSO-only user, wrong password) is the same AuthenticationError and costs the same scrypt work,
 * so neither the answer nor its timing tells which emails have an account.
 */
export async function signInWithPassword(
  context: AppContext,
  { email, password }: { readonly email: string; readonly password: string },
): Promise<PasswordLoginResult> {
  const user = await findUserByEmail(context, email);
  const isValid =
    user?.passwordHash != null
      ? await verifyPassword(password, user.passwordHash)
      : await verifyAgainstDummyHash(password);
  if (!user || !isValid) throw new AuthenticationError(INVALID_CREDENTIALS, 'invalid');

  const created = await createSession(context, { userId: user.id, isSso: false });
  return { ...created, user: toUserView(user) };
}
