-- CreateEnum
CREATE TYPE "StepStatus" AS ENUM ('Pending', 'Running', 'Succeeded', 'Failed', 'Skipped');

-- DropIndex
DROP INDEX "Workflow_renderingId_idx";

-- AlterTable
ALTER TABLE "Workflow" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "WorkflowRun" ADD COLUMN     "definition" JSONB NOT NULL,
ADD COLUMN     "workflowVersion" INTEGER NOT NULL,
ALTER COLUMN "leaseUntil" SET DATA TYPE TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "WorkflowRunStep" (
    "runId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "status" "StepStatus" NOT NULL DEFAULT 'Pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "output" JSONB,
    "startedAt" TIMESTAMPTZ(3),
    "finishedAt" TIMESTAMPTZ(3),

    CONSTRAINT "WorkflowRunStep_pkey" PRIMARY KEY ("runId","position")
);

-- CreateTable
CREATE TABLE "ServerSecret" (
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ServerSecret_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE UNIQUE INDEX "Workflow_renderingId_name_key" ON "Workflow"("renderingId", "name");

-- CreateIndex
CREATE INDEX "WorkflowRun_status_leaseUntil_idx" ON "WorkflowRun"("status", "leaseUntil");

-- AddForeignKey
ALTER TABLE "WorkflowRunStep" ADD CONSTRAINT "WorkflowRunStep_runId_fkey" FOREIGN KEY ("runId") REFERENCES "WorkflowRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;
