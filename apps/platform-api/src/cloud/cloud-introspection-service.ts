import type { CloudIntrospectionResponse } from '@platform/platform-contract';
import type { AppContext } from '../context';
import { NotACloudEnvironmentError, NotIntrospectedError } from './cloud-errors';

/**
 * What the hosted agent read of the database at its last start. NotIntrospectedError before its
 * first start, and after `platform-api cloud reintrospect` until it has read the database again.
 */
export async function readIntrospection(
  context: AppContext,
  environmentId: number,
): Promise<CloudIntrospectionResponse> {
  const cloud = await context.prisma.cloudEnvironment.findUnique({
    where: { environmentId },
    select: { kind: true, introspection: true, introspectedAt: true },
  });
  if (!cloud) throw new NotACloudEnvironmentError('The environment is no longer a cloud environment.');
  if (cloud.introspectedAt === null || cloud.introspection === null) {
    throw new NotIntrospectedError(
      'The hosted agent has not read the database structure yet: it does at its start; retry in a moment (`platform-cloud logs` shows its progress).',
    );
  }
  return { kind: cloud.kind, introspection: cloud.introspection, introspectedAt: cloud.introspectedAt.toISOString() };
}
