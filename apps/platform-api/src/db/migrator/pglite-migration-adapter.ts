import type { PGlite } from '@electric-sql/pglite';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';

/**
 * `PrismaPGlite` for the schema engine. pglite-prisma-adapter 0.7.2's `executeScript` does not
 * await `client.exec(script)`: a failing migration was recorded as applied and its error surfaced
 * as an unhandled rejection that crashed the process. This factory awaits the script and reports
 * its error the way the adapter reports query errors.
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
