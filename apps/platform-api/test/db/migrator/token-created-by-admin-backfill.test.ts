import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrationsDir } from '../../../src/config/package-root';
import { applyMigrations } from '../../../src/db/migrator/migrator';

const MIGRATION = '20261126041322_token_created_by_admin';

/** A copy of the migrations folder without `MIGRATION` and the ones after it. */
function migrationsBefore(name: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'platform-api-migrations-before-'));
  for (const entry of readdirSync(migrationsDir())) {
    if (entry < name) cpSync(path.join(migrationsDir(), entry), path.join(dir, entry), { recursive: true });
  }
  return dir;
}

describe(`migration ${MIGRATION}`, () => {
  test("backfills createdByAdmin from the creator's current role on the token's project", async () => {
    const before = migrationsBefore(MIGRATION);
    const pglite = await PGlite.create();
    try {
      await applyMigrations({ pglite }, { migrationsDir: before });
      await pglite.exec(`
        INSERT INTO "Organization" (id, name) VALUES (1, 'org');
        INSERT INTO "Project" (id, "organizationId", name) VALUES (1, 1, 'one'), (2, 1, 'two');
        INSERT INTO "User" (id, email, username, "updatedAt") VALUES
          (1, 'admin@example.com', 'admin', now()), (2, 'dev@example.com', 'dev', now()),
          (3, 'gone@example.com', 'gone', now());
        -- The Admin of project one is a Developer of project two; user 3 left project one.
        INSERT INTO "ProjectMembership" ("projectId", "userId", role) VALUES
          (1, 1, 'Admin'), (2, 1, 'Developer'), (1, 2, 'Developer');
        INSERT INTO "ApplicationToken" (id, "projectId", "userId", name, "tokenHash", "displayPrefix", scopes, "permissionLevel") VALUES
          (1, 1, 1, 'admin on one', 'h1', 'plat_0001', '{all}', 'ReadOnly'),
          (2, 2, 1, 'developer on two', 'h2', 'plat_0002', '{all}', 'ReadOnly'),
          (3, 1, 2, 'developer on one', 'h3', 'plat_0003', '{all}', 'ReadOnly'),
          (4, 1, 3, 'former member', 'h4', 'plat_0004', '{all}', 'ReadOnly');
      `);

      const { appliedMigrationNames } = await applyMigrations({ pglite });
      const { rows } = await pglite.query<{ id: number; createdByAdmin: boolean }>(
        'SELECT id, "createdByAdmin" FROM "ApplicationToken" ORDER BY id',
      );

      expect(appliedMigrationNames).toContain(MIGRATION);
      expect(rows).toEqual([
        { id: 1, createdByAdmin: true },
        { id: 2, createdByAdmin: false },
        { id: 3, createdByAdmin: false },
        { id: 4, createdByAdmin: false },
      ]);
    } finally {
      await pglite.close();
      rmSync(before, { recursive: true, force: true });
    }
  });
});
