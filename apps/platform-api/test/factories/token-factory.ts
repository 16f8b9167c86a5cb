import type { AppContext } from '../../src/context';
import type { Project, User } from '../../src/generated/prisma/client';
import type { TokenScope } from '../../src/tokens/token-scopes';
import { createToken } from '../../src/tokens/tokens-service';
import { uniqueSuffix } from './unique-suffix';

export interface IssueTokenOptions {
  readonly scopes?: readonly TokenScope[];
  readonly permissionLevel?: 'read-only' | 'read-write';
  readonly expiresAt?: string;
  readonly isSsoSession?: boolean;
}

/** Issues an application token through the tokens service and returns its value and id. */
export async function issueToken(
  context: AppContext,
  project: Project,
  user: User,
  options: IssueTokenOptions = {},
): Promise<{ value: string; id: number }> {
  const created = await createToken(
    context,
    user.id,
    project.id,
    {
      name: `token-${uniqueSuffix()}`,
      scopes: [...(options.scopes ?? ['all'])],
      permissionLevel: options.permissionLevel ?? 'read-write',
      expiresAt: options.expiresAt ?? null,
    },
    { isSsoSession: options.isSsoSession ?? false },
  );
  return { value: created.value, id: created.token.id };
}
