import type { AppContext } from '../context';

/** What `start` suggests on an empty embedded database; the same names in every step. */
export const FIRST_RUN = {
  organization: 'Acme',
  project: 'backoffice',
  environment: 'production',
  adminEmail: 'admin@example.com',
  adminPassword: 'a long passphrase',
} as const;

/** True while the database holds no organization: `init` has not been run on it. */
export async function needsInit(context: AppContext): Promise<boolean> {
  return (await context.prisma.organization.count()) === 0;
}

/**
 * The commands that lead from an empty embedded database to a first public API call, each to run
 * from the repository root while the server runs: it runs the CLI's commands for it (src/cli/relay/).
 */
export function firstRunCommands(url: string, dataDirFromEnv?: string): readonly string[] {
  const { organization, project, environment, adminEmail, adminPassword } = FIRST_RUN;
  const env = dataDirFromEnv === undefined ? '' : `PLATFORM_DATA_DIR=${shellQuote(dataDirFromEnv)} `;
  const cli = `${env}npm run platform-api --`;
  return [
    `${cli} init --organization ${organization} --project ${project} --environments ${environment} ` +
      `--admin-email ${adminEmail} --admin-password ${shellQuote(adminPassword)}`,
    `${cli} tokens create --project ${project} --user ${adminEmail} --name first-token ` +
      '--scopes notes:read --permission read-only',
    `curl -H "Authorization: Bearer <the token printed by tokens create>" ${url}/v1/project/${project}/environment/${environment}/notes`,
  ];
}

/** The next steps as `start` prints them, once it listens on an empty embedded database. */
export function describeFirstRun(url: string, dataDirFromEnv?: string): string {
  const steps = firstRunCommands(url, dataDirFromEnv).map((command, index) => `  ${index + 1}. ${command}`);
  return [
    '',
    'The embedded database is empty. Next steps, in another terminal, from the repository root',
    '(this server runs the CLI commands for you while it holds the database):',
    ...steps,
    '',
  ].join('\n');
}

function shellQuote(value: string): string {
  return /^[\w./:@-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}
