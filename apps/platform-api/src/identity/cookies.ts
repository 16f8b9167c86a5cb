import type { CookieOptions, Request, Response } from 'express';
import type { Config } from '../config/config';

/** The value of cookie `name` on the request, or undefined. Malformed percent-escapes count as absent. */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1 || pair.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(separator + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** HttpOnly, and Secure whenever the platform is served over HTTPS. */
export function cookieOptions(config: Config, options: CookieOptions): CookieOptions {
  return { httpOnly: true, secure: config.publicUrl.startsWith('https:'), path: '/', ...options };
}

export function clearCookie(res: Response, config: Config, name: string, options: CookieOptions = {}): void {
  const { maxAge: _maxAge, expires: _expires, ...rest } = cookieOptions(config, options);
  res.clearCookie(name, rest);
}
