import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The directory of platform-api's package.json. The same code runs from `src/` (jest) and from the
 * single bundled `dist/cli.cjs`, so files shipped beside the code (the Prisma schema, the migrations)
 * are found from the package root rather than from a fixed relative path.
 */
export function packageRoot(startDir: string = __dirname): string {
  let dir = startDir;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${startDir}`);
    dir = parent;
  }
  return dir;
}

export function schemaPath(): string {
  return path.join(packageRoot(), 'prisma', 'schema.prisma');
}

export function migrationsDir(): string {
  return path.join(packageRoot(), 'prisma', 'migrations');
}
