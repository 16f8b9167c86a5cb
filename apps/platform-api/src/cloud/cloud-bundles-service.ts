import { createHash } from 'node:crypto';
import {
  type Bundle,
  type BundleStatus,
  type BundleUploadRequest,
  MAX_BUNDLE_BYTES,
} from '@platform/platform-contract';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/unique-violation';
import { NotFoundError, ValidationError } from '../errors';
import type { CloudBundleStatus, Prisma } from '../generated/prisma/client';
import { CLOUD_ADMIN_LOG_ACTIONS, logEnvironmentEvent } from './cloud-admin-log';
import type { CloudCaller } from './cloud-bearer-auth';
import type { CustomizableEnvironment } from './cloud-environments-service';
import { BundleTooLargeError } from './cloud-errors';

/** Bundles one list answers, newest first. */
export const BUNDLE_LIST_LIMIT = 100;
/** Versions tried by uploads racing for the same next number before giving up. */
const MAX_VERSION_ATTEMPTS = 5;

const STATUS: Readonly<Record<CloudBundleStatus, BundleStatus>> = {
  Pending: 'pending',
  Live: 'live',
  Failed: 'failed',
  Superseded: 'superseded',
};

const bundleSelect = {
  version: true,
  checksum: true,
  size: true,
  label: true,
  status: true,
  error: true,
  createdAt: true,
  liveAt: true,
  author: { select: { id: true, email: true } },
} satisfies Prisma.CloudBundleSelect;

type BundleRow = Prisma.CloudBundleGetPayload<{ select: typeof bundleSelect }>;

/**
 * Stores a bundle as the environment's next version (status pending: the hosted agent loads it).
 * ValidationError when `checksum` is not the SHA-256 of `code`, BundleTooLargeError past
 * MAX_BUNDLE_BYTES of UTF-8. Concurrent uploads each get their own version: the (environment,
 * version) key refuses a number taken meanwhile, and the upload takes the next one.
 */
export async function uploadBundle(
  context: AppContext,
  environment: CustomizableEnvironment,
  author: CloudCaller['user'],
  upload: BundleUploadRequest,
): Promise<Bundle> {
  const environmentId = environment.id;
  const size = Buffer.byteLength(upload.code, 'utf8');
  if (size > MAX_BUNDLE_BYTES) {
    throw new BundleTooLargeError(
      `The bundle is ${size} bytes; the most the platform accepts is ${MAX_BUNDLE_BYTES} (5 MB): bundle less code, keep @platform/* external.`,
    );
  }
  const checksum = createHash('sha256').update(upload.code, 'utf8').digest('hex');
  if (checksum !== upload.checksum) {
    const message =
      'The checksum is not the SHA-256 of the code: the bundle was altered or cut on the way; upload it again.';
    throw new ValidationError(message, [{ path: 'body.checksum', message }]);
  }
  for (let attempt = 1; ; attempt++) {
    const { _max } = await context.prisma.cloudBundle.aggregate({ where: { environmentId }, _max: { version: true } });
    try {
      const row = await context.prisma.cloudBundle.create({
        data: {
          environmentId,
          version: (_max.version ?? 0) + 1,
          code: upload.code,
          checksum,
          size,
          label: upload.label ?? null,
          authorId: author.id,
          createdAt: context.now(),
        },
        select: bundleSelect,
      });
      await logEnvironmentEvent(context, environment, CLOUD_ADMIN_LOG_ACTIONS.uploadBundle, {
        user: author,
        details: { version: row.version, size, checksum, label: row.label },
      });
      return toBundle(row);
    } catch (error) {
      if (isUniqueViolation(error) && attempt < MAX_VERSION_ATTEMPTS) continue;
      throw error;
    }
  }
}

/** The environment's latest BUNDLE_LIST_LIMIT bundles, newest first. */
export async function listBundles(context: AppContext, environmentId: number): Promise<Bundle[]> {
  const rows = await context.prisma.cloudBundle.findMany({
    where: { environmentId },
    select: bundleSelect,
    orderBy: { version: 'desc' },
    take: BUNDLE_LIST_LIMIT,
  });
  return rows.map(toBundle);
}

/** Version `version` of the environment's bundles; NotFoundError when there is none. */
export async function getBundle(context: AppContext, environmentId: number, version: number): Promise<Bundle> {
  const row = await context.prisma.cloudBundle.findUnique({
    where: { environmentId_version: { environmentId, version } },
    select: bundleSelect,
  });
  if (!row) throw new NotFoundError(`This environment has no bundle version ${version}.`);
  return toBundle(row);
}

function toBundle(row: BundleRow): Bundle {
  return {
    version: row.version,
    checksum: row.checksum,
    size: row.size,
    label: row.label,
    status: STATUS[row.status],
    error: row.error,
    author: row.author,
    createdAt: row.createdAt.toISOString(),
    liveAt: row.liveAt?.toISOString() ?? null,
  };
}
