import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from './temp-dir';

/** A strict tsconfig like a bootstrapped project's, without its `@platform` imports. */
export const STRICT_TSCONFIG = JSON.stringify({
  compilerOptions: { target: 'ES2022', module: 'node16', strict: true, noEmit: true, skipLibCheck: true, types: [] },
  include: ['src'],
});

/** A temporary project holding `files` (path relative to it → content). */
export function projectDir(files: Readonly<Record<string, string>>): ReturnType<typeof tempDir> {
  const dir = tempDir('platform-cloud-project-');
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir.path, file)), { recursive: true });
    writeFileSync(path.join(dir.path, file), content);
  }
  return dir;
}
