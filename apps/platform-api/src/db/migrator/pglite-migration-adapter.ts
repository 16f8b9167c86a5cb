import type { PGlite } from '@electric-sql/pglite';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';

/**
 * `PrismaPGlite` for the schema engine. pglite-prisma-adapter 0.7.2's `executeScript` does not
 * await `client.exec(script)`: a failing migration was recorded as applied and its error surfaced
 * as an unhandled rejection that crashed the process. This factory awaits the script and reports
 * its error the way the adapter reports query errors.
 *
 * It reaches into the adapter's private `client` and `onError`: upstream (lucasthevenet/pglite-utils,
 * packages/prisma-adapter) offers no hook to run a script. No upstream issue reports the missing
 * `await` yet (its `executeScript` came with https://github.com/lucasthevenet/pglite-utils/issues/19).
 * Remove when a pglite-prisma-adapter release awaits `client.exec` in `executeScript`: then
 * test/db/migrator/migrator.test.ts ("migrator with a migration that fails") passes with the
 * adapter's own factory.
 */
export function pgliteMigrationAdapterFactory(pglite: PGlite): SqlMigrationAwareDriverAdapterFactory {
  const factory = new PrismaPGlite(pglite);
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => withAwaitedScripts(await factory.connect()),
    connectToShadowDb: async () => withAwaitedScripts(await factory.connectToShadowDb()),
  };
}

interface PGliteAdapterInternals {
  readonly client: PGlite;
  onError(error: unknown): never;
}

function withAwaitedScripts(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const internals = adapter as unknown as PGliteAdapterInternals;
  return Object.assign(adapter, {
    async executeScript(script: string): Promise<void> {
      try {
        await internals.client.exec(script);
      } catch (error) {
        internals.onError(error);
      }
    },
  });
}
