import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context';

/**
 * A server-wide secret, generated on first use and shared by every instance on the database: the
 * first instance's INSERT wins, the others' do nothing, and all then read back the stored value.
 * Read once per database client and kept in memory, since a stored secret never changes.
 */
export function serverSecret(context: AppContext, name: string): Promise<Buffer> {
  let byName = cache.get(context.prisma);
  if (!byName) {
    byName = new Map();
    cache.set(context.prisma, byName);
  }
  let secret = byName.get(name);
  if (!secret) {
    secret = loadOrCreate(context, name);
    // A failed read (database down) is not cached: the next request tries again.
    secret.catch(() => byName?.delete(name));
    byName.set(name, secret);
  }
  return secret;
}

const cache = new WeakMap<object, Map<string, Promise<Buffer>>>();

async function loadOrCreate(context: AppContext, name: string): Promise<Buffer> {
  const candidate = randomBytes(32).toString('base64url');
  await context.prisma.$executeRaw`
    INSERT INTO "ServerSecret" (name, value) VALUES (${name}, ${candidate}) ON CONFLICT (name) DO NOTHING`;
  const stored = await context.prisma.serverSecret.findUniqueOrThrow({ where: { name } });
  return Buffer.from(stored.value, 'base64url');
}
