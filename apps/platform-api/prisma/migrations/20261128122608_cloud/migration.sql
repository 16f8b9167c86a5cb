-- CreateEnum
CREATE TYPE "CloudBundleStatus" AS ENUM ('Pending', 'Live', 'Failed', 'Superseded');

-- CreateTable
CREATE TABLE "CloudEnvironment" (
    "environmentId" INTEGER NOT NULL,
    "connection" TEXT NOT NULL,
    "agentSecrets" TEXT NOT NULL,
    "port" INTEGER,
    "kind" TEXT NOT NULL DEFAULT 'sql',
    "introspection" JSONB,
    "introspectedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "CloudEnvironment_pkey" PRIMARY KEY ("environmentId")
);

-- CreateTable
CREATE TABLE "CloudBundle" (
    "id" SERIAL NOT NULL,
    "environmentId" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "checksum" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "label" TEXT,
    "authorId" INTEGER,
    "status" "CloudBundleStatus" NOT NULL DEFAULT 'Pending',
    "error" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "liveAt" TIMESTAMPTZ(3),

    CONSTRAINT "CloudBundle_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CloudLogLine" (
    "id" SERIAL NOT NULL,
    "environmentId" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "level" TEXT NOT NULL,
    "message" TEXT NOT NULL,

    CONSTRAINT "CloudLogLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CloudDeviceCode" (
    "deviceCodeHash" TEXT NOT NULL,
    "userCode" TEXT NOT NULL,
    "clientLabel" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "lastPolledAt" TIMESTAMPTZ(3),
    "userId" INTEGER,
    "approvedAt" TIMESTAMPTZ(3),
    "deniedAt" TIMESTAMPTZ(3),
    "consumedAt" TIMESTAMPTZ(3),

    CONSTRAINT "CloudDeviceCode_pkey" PRIMARY KEY ("deviceCodeHash")
);

-- CreateTable
CREATE TABLE "CloudLogin" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "clientLabel" TEXT NOT NULL DEFAULT '',
    "accessTokenHash" TEXT NOT NULL,
    "accessExpiresAt" TIMESTAMPTZ(3) NOT NULL,
    "refreshTokenHash" TEXT NOT NULL,
    "refreshExpiresAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),

    CONSTRAINT "CloudLogin_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CloudEnvironment_port_key" ON "CloudEnvironment"("port");

-- CreateIndex
CREATE UNIQUE INDEX "CloudBundle_environmentId_version_key" ON "CloudBundle"("environmentId", "version");

-- CreateIndex
CREATE INDEX "CloudLogLine_environmentId_id_idx" ON "CloudLogLine"("environmentId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "CloudDeviceCode_userCode_key" ON "CloudDeviceCode"("userCode");

-- CreateIndex
CREATE INDEX "CloudDeviceCode_expiresAt_idx" ON "CloudDeviceCode"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "CloudLogin_accessTokenHash_key" ON "CloudLogin"("accessTokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "CloudLogin_refreshTokenHash_key" ON "CloudLogin"("refreshTokenHash");

-- CreateIndex
CREATE INDEX "CloudLogin_userId_idx" ON "CloudLogin"("userId");

-- AddForeignKey
ALTER TABLE "CloudEnvironment" ADD CONSTRAINT "CloudEnvironment_environmentId_fkey" FOREIGN KEY ("environmentId") REFERENCES "Environment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CloudBundle" ADD CONSTRAINT "CloudBundle_environmentId_fkey" FOREIGN KEY ("environmentId") REFERENCES "CloudEnvironment"("environmentId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CloudBundle" ADD CONSTRAINT "CloudBundle_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CloudLogLine" ADD CONSTRAINT "CloudLogLine_environmentId_fkey" FOREIGN KEY ("environmentId") REFERENCES "CloudEnvironment"("environmentId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CloudDeviceCode" ADD CONSTRAINT "CloudDeviceCode_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CloudLogin" ADD CONSTRAINT "CloudLogin_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
