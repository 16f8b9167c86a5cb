import { Prisma } from '../../src/generated/prisma/client';
import { createTestContext, describeEachDatabase, type TestContext } from '../helpers/test-context';

describeEachDatabase('raw types', (kind) => {
  let test: TestContext;
  beforeAll(async () => { test = await createTestContext(kind); });
  afterAll(() => test.close());
  it('shows', async () => {
    const p = test.context.prisma;
    const org = await p.organization.create({ data: { name: 'o' } });
    const project = await p.project.create({ data: { name: 'P', organizationId: org.id } });
    const user = await p.user.create({ data: { email: 'a@b.c', username: 'a' } });
    await p.projectMembership.create({ data: { projectId: project.id, userId: user.id, role: 'Admin' } });
    await p.applicationToken.create({ data: { projectId: project.id, userId: user.id, name: 'n', tokenHash: 'h', displayPrefix: 'plat_x', scopes: ['notes:read', 'all'], permissionLevel: 'ReadOnly', expiresAt: new Date('2030-01-01T00:00:00.123Z') } });
    const rows = await p.$queryRaw`SELECT t.id, t.scopes, t."permissionLevel", t."createdAt", t."expiresAt", t."lastUsedAt", m.role, p."usesSso",
      json_build_object('d', t."createdAt", 'z', now()::timestamptz(3)) AS j, ${new Date('2026-01-01T00:00:00Z')}::timestamptz AS pd, ${5}::int AS five, count(*) OVER () AS c
      FROM "ApplicationToken" t JOIN "Project" p ON p.id = t."projectId" LEFT JOIN "ProjectMembership" m ON m."projectId" = t."projectId" AND m."userId" = t."userId" WHERE t."tokenHash" = ${'h'}`;
    console.log(kind, rows, Object.prototype.toString.call((rows as any)[0].createdAt));
    const frag = Prisma.sql`a = ${1}`;
    console.log(Prisma.sql`SELECT ${Prisma.join([frag, Prisma.sql`b = ${2}`], ' AND ')}`.sql);
  });
});
