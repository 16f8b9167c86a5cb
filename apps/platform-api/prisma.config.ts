import { defineConfig } from 'prisma/config';

// The datasource URL is only read by Prisma CLI commands; the app builds its own driver adapter
// (PGlite or PostgreSQL) at run time, see src/db/.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres' },
});
