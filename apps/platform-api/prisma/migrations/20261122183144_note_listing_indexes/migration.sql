-- DropIndex
DROP INDEX "Note_environmentId_id_idx";

-- CreateIndex
CREATE INDEX "Note_environmentId_id_createdAt_idx" ON "Note"("environmentId", "id" DESC, "createdAt");

-- CreateIndex
CREATE INDEX "Note_environmentId_collectionName_id_createdAt_idx" ON "Note"("environmentId", "collectionName", "id" DESC, "createdAt");
