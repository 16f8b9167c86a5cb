import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AuthenticationError } from './authentication-errors';

/** How long a sign-in may take between the authorization URL and the callback. */
export const SIGN_IN_STATE_LIFETIME_SECONDS = 10 * 60;

/** The `state` of a sign-in is missing, altered or expired. */
export class InvalidSignInStateError extends AuthenticationError {
  static override readonly errorName: string = 'InvalidSignInStateError';
}

const payloadSchema = z.object({
  redirectUri: z.string(),
  redirectTo: z.string().optional(),
  exp: z.number().int(),
  nonce: z.string(),
});
export type SignInState = z.infer<typeof payloadSchema>;

/** `state` for the authorize URL: the payload in base64url, a dot, its HMAC-SHA256 with `authSecret`. */
export function signSignInState(
  authSecret: string,
  values: { redirectUri: string; redirectTo?: string },
  now = Date.now(),
): string {
  const payload: SignInState = {
    ...values,
    exp: Math.floor(now / 1000) + SIGN_IN_STATE_LIFETIME_SECONDS,
    nonce: randomBytes(12).toString('base64url'),
  };
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');

  return `${encoded}.${mac(authSecret, encoded)}`;
}

/** The payload of a `state` this agent signed and that has not expired. @throws InvalidSignInStateError */
export function verifySignInState(authSecret: string, state: string, now = Date.now()): SignInState {
  const [encoded, signature, ...rest] = state.split('.');
  if (encoded === undefined || signature === undefined || rest.length > 0) throw refused();
  const expected = Buffer.from(mac(authSecret, encoded));
  const received = Buffer.from(signature);
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) throw refused();

  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  const parsed = payloadSchema.safeParse(json);
  if (!parsed.success) throw refused();
  if (parsed.data.exp <= Math.floor(now / 1000)) {
    throw new InvalidSignInStateError('The sign-in took longer than 10 minutes: start it again.');
  }

  return parsed.data;
}

function mac(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

function refused(): InvalidSignInStateError {
  return new InvalidSignInStateError('The sign-in state is missing or was altered: start the sign-in again.');
}
