import { z } from 'zod';
import { UsageError } from '../cli/cli-errors';

/** platform-api's own default address (its README), for a local platform. */
export const DEFAULT_PLATFORM_URL = 'http://127.0.0.1:3400';

const urlSchema = z.url({ protocol: /^https?$/ });

/** Where the platform URL came from, in the order they win. */
export interface PlatformUrlSources {
  /** `--platform-url`. */
  readonly option?: string;
  /** `PLATFORM_URL` of the environment. */
  readonly environment?: string;
  /** `PLATFORM_URL` of the project's `.env`. */
  readonly dotenv?: string;
  /** The platform of the stored login. */
  readonly credentials?: string;
}

/** The platform's base URL (no trailing slash) from the first source that sets one, else the default. */
export function resolvePlatformUrl(sources: PlatformUrlSources): string {
  const candidates: Array<[string, string | undefined]> = [
    ['--platform-url', sources.option],
    ['PLATFORM_URL', sources.environment],
    ['PLATFORM_URL in .env', sources.dotenv],
    ['the stored login', sources.credentials],
  ];
  for (const [where, value] of candidates) {
    if (value === undefined || value === '') continue;
    if (!urlSchema.safeParse(value).success) {
      throw new UsageError(`${where} is not an http(s) URL: ${value} (expected e.g. https://platform.example.com)`);
    }
    return value.replace(/\/+$/, '');
  }
  return DEFAULT_PLATFORM_URL;
}
