import type { User } from '../generated/prisma/client';

/** A user as shown outside the identity services: never the password hash. */
export interface UserView {
  readonly id: number;
  readonly email: string;
  readonly username: string;
  readonly firstName: string;
  readonly lastName: string;
  /** False for SSO-only users, who cannot sign in with a password. */
  readonly hasPassword: boolean;
  readonly createdAt: Date;
}

export function toUserView(user: User): UserView {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    hasPassword: user.passwordHash !== null,
    createdAt: user.createdAt,
  };
}
