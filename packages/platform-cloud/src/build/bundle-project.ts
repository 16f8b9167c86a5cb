import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BuildError, UsageError } from '../cli/cli-errors';

/** The customization's entry point, relative to the project. */
export const ENTRY_POINT = 'src/index.ts';

/** A bundle as the platform takes it (`bundleUploadRequestSchema`). */
export interface ProjectBundle {
  readonly code: string;
  /** SHA-256 of the UTF-8 code, lowercase hex. */
  readonly checksum: string;
  /** Bytes of UTF-8 code. */
  readonly size: number;
}

/**
 * Bundles `src/index.ts` and what it imports into one CommonJS file for Node 20, leaving
 * `@platform/*` to the host (the hosted agent, or update-typings) that provides them.
 * @throws BuildError naming the first error as `file:line:col`.
 */
export async function bundleProject(directory: string): Promise<ProjectBundle> {
  if (!existsSync(path.join(directory, ENTRY_POINT))) {
    throw new UsageError(`no ${ENTRY_POINT} in ${directory}: is it a customization project?`);
  }
  const esbuild = await import('esbuild');
  let result: Awaited<ReturnType<typeof esbuild.build>>;
  try {
    result = await esbuild.build({
      absWorkingDir: directory,
      entryPoints: [ENTRY_POINT],
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      external: ['@platform/*'],
      write: false,
      logLevel: 'silent',
      legalComments: 'none',
    });
  } catch (error) {
    throw toBuildError(error);
  }
  const code = result.outputFiles?.[0]?.text ?? '';
  return {
    code,
    checksum: createHash('sha256').update(code, 'utf8').digest('hex'),
    size: Buffer.byteLength(code, 'utf8'),
  };
}

function toBuildError(error: unknown): Error {
  const messages = (error as { errors?: unknown }).errors;
  if (!Array.isArray(messages) || messages.length === 0) return error as Error;
  const [first] = messages as Array<{ text: string; location: { file: string; line: number; column: number } | null }>;
  const where = first?.location ? `${first.location.file}:${first.location.line}:${first.location.column + 1}: ` : '';
  const more = messages.length > 1 ? ` (and ${messages.length - 1} more)` : '';
  return new BuildError(`${where}error: ${first?.text}${more}`, { cause: error });
}
