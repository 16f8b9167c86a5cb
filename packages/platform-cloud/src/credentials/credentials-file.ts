import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { NotLoggedInError } from '../cli/cli-errors';

const credentialsSchema = z.object({
  platformUrl: z.url(),
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  /** When the access token expires (ISO 8601). */
  expiresAt: z.iso.datetime(),
  email: z.string().optional(),
});

/** What `login` stores: the tokens of one platform. */
export type Credentials = z.infer<typeof credentialsSchema>;

/** The stored credentials, or undefined when there is no file. */
export async function readCredentials(file: string): Promise<Credentials | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = credentialsSchema.safeParse(json);
  if (!parsed.success) throw new NotLoggedInError(`${file} is not a valid credentials file: run platform-cloud login`);
  return parsed.data;
}

/**
 * Writes the credentials readable by their owner only (file 0600, folder 0700), atomically: a
 * temporary file in the same folder renamed over the old one, so a reader never sees half a file.
 */
export async function writeCredentials(file: string, credentials: Credentials): Promise<void> {
  const folder = path.dirname(file);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  // An existing folder keeps its mode through mkdir: this one holds tokens.
  await chmod(folder, 0o700);
  const temporary = path.join(folder, `.credentials-${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
  try {
    // A new file (`wx`) created 0600: the umask can only remove bits from it.
    await writeFile(temporary, `${JSON.stringify(credentialsSchema.parse(credentials), null, 2)}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Deletes the credentials file; true when there was one. */
export async function deleteCredentials(file: string): Promise<boolean> {
  try {
    await rm(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
