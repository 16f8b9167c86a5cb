import os from 'node:os';
import path from 'node:path';

/**
 * Where the credentials live: `$XDG_CONFIG_HOME/platform/credentials.json`, else
 * `~/.config/platform/credentials.json`; on Windows `%APPDATA%\platform\credentials.json`.
 */
export function credentialsPath(
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform = process.platform,
): string {
  const home = env.HOME || env.USERPROFILE || os.homedir();
  if (platform === 'win32') {
    return path.win32.join(env.APPDATA || path.win32.join(home, 'AppData', 'Roaming'), 'platform', 'credentials.json');
  }
  // The XDG spec ignores a relative XDG_CONFIG_HOME.
  const configHome = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : undefined;
  return path.join(configHome ?? path.join(home, '.config'), 'platform', 'credentials.json');
}
