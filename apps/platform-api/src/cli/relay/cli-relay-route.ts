import { createHash, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AuthenticationError, ForbiddenError, parseOrThrow, ValidationError } from '../../errors';
import type { CliIo } from '../cli-context';
import { notRelayedReason, type RelayedRun } from './relayed-commands';

/** Where the CLI of another process posts its command while this server holds the embedded database. */
export const CLI_RELAY_PATH = '/admin/cli';
export const CLI_RELAY_SECRET_HEADER = 'platform-cli-secret';

export interface CliRelayOptions {
  /** The secret written in the relay file (src/cli/relay/relay-file.ts). */
  readonly secret: string;
  /** Runs the CLI program in-process (`runCli`), handed in to keep the server free of the CLI. */
  readonly run: (argv: readonly string[], io: CliIo) => Promise<{ readonly exitCode: number }>;
}

const bodySchema = z.object({
  argv: z.array(z.string().max(10_000)).min(1).max(100),
  /** The caller's working directory, which relative paths in its options (`--file`) are read from. */
  cwd: z.string().max(4096).refine(path.isAbsolute, 'an absolute path').optional(),
});

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The relay file is read on this machine: a caller from elsewhere (HOST=0.0.0.0) is refused. */
const isLoopback = (address: string | undefined) => address === '::1' || /^(::ffff:)?127\./.test(address ?? '');

/**
 * `POST /admin/cli` `{ argv, cwd? }` → `{ exitCode, stdout, stderr }`: runs a CLI command (any but
 * `start`, `migrate` and `worker`, see not-relayed-commands.ts) on this server's open database and
 * with this server's configuration, for the operator whose CLI found the database held. Only
 * mounted by `start` on the embedded database; the caller connects over the loopback interface and
 * proves it can read the data directory by sending the secret of the relay file.
 */
export function cliRelayRoute(context: AppContext, options: CliRelayOptions): Router {
  const router = Router();
  const expected = digest(options.secret);
  router.post(CLI_RELAY_PATH, async (req, res) => {
    if (!isLoopback(req.socket.remoteAddress)) {
      throw new ForbiddenError('The CLI relay answers processes of this machine only, over the loopback interface.');
    }
    if (!timingSafeEqual(digest(req.get(CLI_RELAY_SECRET_HEADER) ?? ''), expected)) {
      throw new AuthenticationError('The CLI relay secret is missing or wrong.', 'invalid');
    }
    const { argv, cwd } = parseOrThrow(bodySchema, req.body, 'body');
    const refusal = notRelayedReason(argv);
    if (refusal !== undefined) throw new ValidationError(refusal, [{ path: 'body.argv', message: refusal }]);
    let stdout = '';
    let stderr = '';
    const { exitCode } = await options.run(argv, {
      stdout: (text) => {
        stdout += text;
      },
      stderr: (text) => {
        stderr += text;
      },
      env: process.env,
      ...(cwd === undefined ? {} : { cwd }),
      serverConfig: context.config,
      openDatabase: async () => ({ prisma: context.prisma, close: async () => {} }),
    });
    const run: RelayedRun = { exitCode, stdout, stderr };
    res.json(run);
  });
  return router;
}
