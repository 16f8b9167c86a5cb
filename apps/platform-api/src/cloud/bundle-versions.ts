import type { AppContext } from '../context';

export interface BundleVersions {
  /** The newest published version, whatever its status. */
  readonly latestVersion: number | null;
  /** The version the hosted agent serves. */
  readonly liveVersion: number | null;
}

/** The latest and live bundle versions of each environment of `environmentIds`, in two queries. */
export async function bundleVersions(
  context: AppContext,
  environmentIds: readonly number[],
): Promise<(environmentId: number) => BundleVersions> {
  const environmentId = { in: [...environmentIds] };
  const [latest, live] = await Promise.all([
    context.prisma.cloudBundle.groupBy({ by: ['environmentId'], where: { environmentId }, _max: { version: true } }),
    context.prisma.cloudBundle.groupBy({
      by: ['environmentId'],
      where: { environmentId, status: 'Live' },
      _max: { version: true },
    }),
  ]);
  const latestOf = new Map(latest.map((group) => [group.environmentId, group._max.version]));
  const liveOf = new Map(live.map((group) => [group.environmentId, group._max.version]));
  return (id) => ({ latestVersion: latestOf.get(id) ?? null, liveVersion: liveOf.get(id) ?? null });
}
