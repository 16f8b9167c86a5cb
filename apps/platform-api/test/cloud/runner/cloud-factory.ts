import { createHash } from 'node:crypto';
import { seal } from '../../../src/cloud/sealed-secret';
import type { AppContext } from '../../../src/context';
import type { CloudBundle } from '../../../src/generated/prisma/client';

export interface SeedCloudEnvironmentOptions {
  readonly environmentId: number;
  /** The connection as the operator command stores it: JSON `{ "uri": … }` or parameters. */
  readonly connection: unknown;
  readonly envSecret: string;
  readonly authSecret: string;
}

/** A CloudEnvironment row as `platform-api cloud enable` would write it: connection and secrets sealed. */
export async function seedCloudEnvironment(context: AppContext, options: SeedCloudEnvironmentOptions): Promise<void> {
  await context.prisma.cloudEnvironment.create({
    data: {
      environmentId: options.environmentId,
      connection: await seal(context, JSON.stringify(options.connection)),
      agentSecrets: await seal(
        context,
        JSON.stringify({ envSecret: options.envSecret, authSecret: options.authSecret }),
      ),
    },
  });
}

/** Replaces the stored connection, as `platform-api cloud connection set` would. */
export async function setCloudConnection(
  context: AppContext,
  environmentId: number,
  connection: unknown,
): Promise<void> {
  await context.prisma.cloudEnvironment.update({
    where: { environmentId },
    data: { connection: await seal(context, JSON.stringify(connection)) },
  });
}

/** A bundle as the upload route stores it: Pending, the next version of the environment. */
export async function publishBundle(context: AppContext, environmentId: number, code: string): Promise<CloudBundle> {
  const latest = await context.prisma.cloudBundle.findFirst({
    where: { environmentId },
    orderBy: { version: 'desc' },
    select: { version: true },
  });
  return context.prisma.cloudBundle.create({
    data: {
      environmentId,
      version: (latest?.version ?? 0) + 1,
      code,
      checksum: createHash('sha256').update(code).digest('hex'),
      size: Buffer.byteLength(code),
    },
  });
}

/**
 * A bundle's code as esbuild writes a customer's `export default (agent) => { … }` in CommonJS:
 * `body` is the function's body, with `agent` in scope.
 */
export function bundleCode(body: string): string {
  return [
    '"use strict";',
    'Object.defineProperty(exports, "__esModule", { value: true });',
    'exports.default = customize;',
    `async function customize(agent) {\n${body}\n}`,
  ].join('\n');
}
