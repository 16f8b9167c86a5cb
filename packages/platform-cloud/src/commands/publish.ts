import type { Bundle } from '@platform/platform-contract';
import { type Command, InvalidArgumentError } from 'commander';
import { version as cliVersion } from '../../package.json';
import { PublicationFailedError, PublicationTimeoutError } from '../cli/cli-errors';
import type { CliIo } from '../cli/cli-io';
import type { CloudApi } from '../platform/cloud-api';
import { buildProject, formatSize } from './build';
import {
  type CommonOptions,
  environmentPath,
  openProjectSession,
  outputOf,
  withCommonOptions,
} from './command-context';

/** How often `publish` asks for the bundle's status while the hosted agent loads it. */
const STATUS_POLL_MS = 1_000;

interface PublishOptions extends CommonOptions {
  readonly label?: string;
  readonly wait: boolean;
  readonly timeout: number;
}

export function registerPublish(program: Command, io: CliIo): void {
  withCommonOptions(
    program
      .command('publish')
      .description('Type-check, bundle and upload the customization, then wait until the hosted agent serves it')
      .option('--label <text>', 'shown in the bundle list (default: the CLI version)')
      .option('--no-wait', 'return once uploaded (status pending) instead of waiting for the hosted agent')
      .option('--timeout <seconds>', 'longest wait for the hosted agent', parseSeconds, 300),
  ).action(async (options: PublishOptions) => {
    const output = outputOf(io, options);
    const { api, environment, project } = await openProjectSession(io, options, output);
    const { code, checksum, size } = await buildProject(project.directory, output);
    const uploaded = await output.step(`Uploading ${formatSize(size)}`, () =>
      api.uploadBundle(environment.id, { code, checksum, label: options.label ?? `platform-cloud ${cliVersion}` }),
    );
    const bundle = options.wait
      ? await output.step(`Waiting for the hosted agent to load version ${uploaded.version}`, () =>
          waitForStatus(api, environment.id, uploaded, options.timeout * 1000, io.signal),
        )
      : uploaded;
    const where = environmentPath(environment);
    if (bundle.status === 'failed') {
      // The stored error may carry a stack: its first line is the one that says what went wrong.
      const reason = bundle.error?.split('\n')[0]?.trim() || 'no error given';
      throw new PublicationFailedError(
        `version ${bundle.version} of ${where} failed to load, the previous version keeps serving: ${reason} (platform-cloud logs has more)`,
      );
    }
    if (bundle.status === 'pending' && options.wait && !io.signal?.aborted) {
      throw new PublicationTimeoutError(
        `version ${bundle.version} of ${where} is uploaded but still pending after ${options.timeout} s: is the hosted agent running? (platform-cloud logs)`,
      );
    }
    const hint = bundle.status === 'pending' ? ' (the hosted agent loads it next)' : '';
    output.result(
      { environment: environment.id, version: bundle.version, status: bundle.status, checksum: bundle.checksum },
      `Published version ${bundle.version} to ${where}: ${bundle.status}${hint}.`,
    );
  });
}

/** Polls the bundle until it leaves `pending`, or `timeoutMs` passes (then it is returned pending). */
async function waitForStatus(
  api: CloudApi,
  environmentId: number,
  uploaded: Bundle,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<Bundle> {
  const deadline = Date.now() + timeoutMs;
  let bundle = uploaded;
  while (bundle.status === 'pending' && Date.now() < deadline && !signal?.aborted) {
    await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS));
    bundle = await api.bundle(environmentId, uploaded.version);
  }
  return bundle;
}

function parseSeconds(value: string): number {
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1) throw new InvalidArgumentError('expected a whole number of seconds');
  return seconds;
}
