import { ValidationError } from '../errors';

const SERVER_SCHEMES = ['postgres', 'postgresql', 'mysql', 'mariadb'];

/**
 * Checks that `url` is a connection URL the hosted agent's SQL data source opens: `postgres://`,
 * `postgresql://`, `mysql://`, `mariadb://` with a host, or `sqlite:<path>`. The URL holds a
 * password: no message ever repeats it.
 */
export function checkDatabaseUrl(url: string, option: string): string {
  const trimmed = url.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  const refuse = (message: string): never => {
    throw new ValidationError(`${option}: ${message}`, [{ path: option, message }]);
  };
  if (scheme === 'sqlite') {
    if (trimmed.slice('sqlite:'.length).replace(/^\/\//, '') === '') {
      refuse('a sqlite URL names its file, as in sqlite:/var/data/shop.db');
    }
    return trimmed;
  }
  if (scheme === undefined || !SERVER_SCHEMES.includes(scheme)) {
    refuse('not a SQL database URL: use postgres://, postgresql://, mysql://, mariadb:// or sqlite:<path>');
  }
  let parsed: URL | undefined;
  try {
    parsed = new URL(trimmed);
  } catch {
    refuse(`not a valid ${scheme}:// URL (expected ${scheme}://user:password@host:port/database)`);
  }
  if (!parsed?.hostname) refuse(`the ${scheme}:// URL names no host`);
  return trimmed;
}
