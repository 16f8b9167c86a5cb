import { BusinessError } from '@platform/datasource-toolkit';

/** The request does not prove who makes it. The error handler answers 401 with `WWW-Authenticate`. */
export class AuthenticationError extends BusinessError {
  static override readonly errorName: string = 'AuthenticationError';
}
/** No `Authorization: Bearer <token>` header. */
export class MissingTokenError extends AuthenticationError {
  static override readonly errorName: string = 'MissingTokenError';
}
/** The token is malformed, signed with another key, or its claims do not describe a user. */
export class InvalidTokenError extends AuthenticationError {
  static override readonly errorName: string = 'InvalidTokenError';
}
/** The token was valid but its `exp` has passed. */
export class TokenExpiredError extends AuthenticationError {
  static override readonly errorName: string = 'TokenExpiredError';
}
