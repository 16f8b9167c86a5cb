import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const packageDir = path.resolve(__dirname, '..', '..');

/**
 * Makes `@platform/platform-cloud` resolvable in a generated project as `npm install` would: a
 * link to this package, whose built `.d.ts` (and dependencies) the project's `tsc` reads.
 */
export function linkPlatformCloud(projectDir: string): void {
  if (!existsSync(path.join(packageDir, 'dist', 'index.d.ts'))) {
    throw new Error(`${packageDir}/dist is missing: build first (pnpm --filter @platform/platform-cloud build).`);
  }
  mkdirSync(path.join(projectDir, 'node_modules', '@platform'), { recursive: true });
  symlinkSync(packageDir, path.join(projectDir, 'node_modules', '@platform', 'platform-cloud'), 'dir');
}

/** `tsc --noEmit -p <projectDir>` (the project's `npm run typecheck`): its exit code and output. */
export async function runTsc(projectDir: string): Promise<{ readonly exitCode: number; readonly output: string }> {
  const tsc = require.resolve('typescript/bin/tsc');
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [tsc, '--noEmit', '-p', projectDir]);
    return { exitCode: 0, output: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { exitCode: failed.code ?? 1, output: failed.stdout ?? String(error) };
  }
}
