-- AlterTable
ALTER TABLE "ApplicationToken" ADD COLUMN     "createdByAdmin" BOOLEAN NOT NULL DEFAULT false;

-- Backfill. The role a creator had when their token was generated was never recorded, so existing
-- tokens take their creator's CURRENT role on the project: the best available approximation (exact
-- unless a role was changed after the token was made). It opens nothing, since the public API also
-- requires the Admin role now. Two cases come out wrong: a token made by a non-Admin since promoted
-- keeps working (as it did before this migration), and a token made by an Admin since demoted (or
-- removed from the project) stays refused even once an Admin again (create a new token).
UPDATE "ApplicationToken" t
SET "createdByAdmin" = true
FROM "ProjectMembership" m
WHERE m."projectId" = t."projectId" AND m."userId" = t."userId" AND m.role = 'Admin';
