import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from '../factories/temp-dir';

/** A temporary HOME (with XDG_CONFIG_HOME inside it) and working directory for CLI runs. */
export interface CliHome {
  readonly home: string;
  readonly cwd: string;
  readonly credentialsFile: string;
  /** The environment of a run: HOME and XDG_CONFIG_HOME here, PATH kept, `extra` added. */
  env(extra?: Readonly<Record<string, string | undefined>>): Record<string, string | undefined>;
  remove(): void;
}

export function createCliHome(): CliHome {
  const dir = tempDir('platform-cloud-home-');
  const home = path.join(dir.path, 'home');
  const cwd = path.join(dir.path, 'work');
  mkdirSync(home);
  mkdirSync(cwd);
  const configHome = path.join(home, '.config');
  return {
    home,
    cwd,
    credentialsFile: path.join(configHome, 'platform', 'credentials.json'),
    env: (extra = {}) => ({ HOME: home, XDG_CONFIG_HOME: configHome, PATH: process.env.PATH, ...extra }),
    remove: dir.remove,
  };
}
