import { migrationsDir } from '../../src/config/package-root';
import { readMigrationList } from '../../src/db/migrator/migration-list';

/** The names of the package's migration folders, in the order they apply. */
export async function migrationNames(): Promise<string[]> {
  const list = await readMigrationList(migrationsDir());
  return list.migrationDirectories.map((directory) => directory.path);
}
