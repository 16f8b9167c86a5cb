import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { setAgentUrl } from '../agents/agent-url-admin';
import type { AppContext } from '../context';
import { setupOrganization } from '../identity/organization-setup';
import { createToken } from '../tokens/tokens-service';
import { enableTrigger } from '../workflows/webhook-trigger-service';
import { webhookUrlOf } from '../workflows/webhook-url';
import { publishWorkflow } from '../workflows/workflows-service';

/** The names the demo setup creates; the quickstart prints them, the README quotes them. */
export const DEMO = {
  organization: 'Acme',
  project: 'backoffice',
  environment: 'development',
  team: 'Operations',
  adminEmail: 'admin@example.com',
  tokenName: 'quickstart',
  workflowName: 'Ship a paid order',
} as const;

/**
 * The sample workflow, on the example agent's `orders` (apps/example): a paid order becomes
 * shipped and gets a note; any other order is left as it is (the run succeeds at the condition).
 */
export const DEMO_WORKFLOW = {
  name: DEMO.workflowName,
  collection: 'orders',
  steps: [
    { kind: 'read', fields: ['status'] },
    { kind: 'condition', field: 'status', operator: 'equal', value: 'paid', otherwise: 'stop' },
    { kind: 'update', values: { status: 'shipped' } },
    { kind: 'note', title: 'Shipped', content: 'Order {{id}} was {{status}} by the sample workflow.' },
  ],
} as const;

/** What the demo setup made, with the secrets a newcomer needs; kept in `demo.json` beside the database. */
export interface DemoSetup {
  readonly organization: string;
  readonly project: string;
  readonly environment: string;
  readonly adminEmail: string;
  readonly adminPassword: string;
  /** An application token of the admin (scope `all`, read-write). */
  readonly token: string;
  /** The environment's secret, for its agent (`PLATFORM_ENV_SECRET`). */
  readonly envSecret: string;
  readonly agentUrl: string;
  readonly workflowId: number;
  readonly webhookUrl: string;
}

const DEMO_FILE = 'demo.json';

const demoSetupSchema = z.object({
  organization: z.string(),
  project: z.string(),
  environment: z.string(),
  adminEmail: z.string(),
  adminPassword: z.string(),
  token: z.string(),
  envSecret: z.string(),
  agentUrl: z.string(),
  workflowId: z.number().int(),
  webhookUrl: z.string(),
});

/** Why `start --demo` makes no demo here: an admin with a printed password has no place in production. */
export function demoRefusalOf(databaseKind: 'embedded' | 'postgres', nodeEnv: string | undefined): string | undefined {
  if (databaseKind !== 'embedded') return 'the demo is made on the embedded database only, not on DATABASE_URL';
  if (nodeEnv === 'production') return 'NODE_ENV is production';
  return undefined;
}

export interface EnsureDemoOptions {
  /** The embedded database's directory: `demo.json` is written there, readable by its owner only. */
  readonly dataDir: string;
  /** Where the example agent listens, its route prefix excluded (e.g. http://127.0.0.1:3351). */
  readonly agentUrl: string;
}

/**
 * The demo of `start --demo` (development only, embedded database): on an empty database, creates
 * an organization, project, environment, admin with a generated password, application token, sets
 * the environment's agent URL and publishes the sample workflow with its webhook trigger enabled;
 * the secrets are kept in `demo.json` so that later starts print them again. On a database the demo
 * made, reuses it (following a changed agent URL). Undefined on a database set up otherwise.
 */
export async function ensureDemo(context: AppContext, options: EnsureDemoOptions): Promise<DemoSetup | undefined> {
  if ((await context.prisma.organization.count()) === 0) return createDemo(context, options);
  const existing = readDemoFile(options.dataDir);
  if (!existing) return undefined;
  const organization = await context.prisma.organization.findUnique({ where: { name: existing.organization } });
  if (!organization) return undefined;
  const webhookUrl = await servedWebhookUrl(context, existing);
  if (existing.agentUrl !== options.agentUrl) await setAgentUrl(context, existing, options.agentUrl);
  if (existing.agentUrl === options.agentUrl && existing.webhookUrl === webhookUrl) return existing;
  return writeDemoFile(options.dataDir, { ...existing, agentUrl: options.agentUrl, webhookUrl });
}

/**
 * The sample workflow's webhook URL as this server serves it now: a later start may listen on
 * another port or PLATFORM_PUBLIC_URL, and the trigger may have been regenerated. The stored one
 * when the trigger is no longer enabled (or the workflow was deleted).
 */
async function servedWebhookUrl(context: AppContext, demo: DemoSetup): Promise<string> {
  const trigger = await context.prisma.webhookTrigger.findUnique({
    where: { workflowId: demo.workflowId },
    include: { workflow: { select: { renderingId: true } } },
  });
  if (!trigger?.isEnabled) return demo.webhookUrl;
  const { renderingId } = trigger.workflow;
  return webhookUrlOf(context, { workflowId: demo.workflowId, renderingId, generation: trigger.generation });
}

async function createDemo(context: AppContext, options: EnsureDemoOptions): Promise<DemoSetup> {
  const adminPassword = randomBytes(12).toString('base64url');
  const setup = await setupOrganization(context, {
    organization: DEMO.organization,
    project: DEMO.project,
    environments: [DEMO.environment],
    adminEmail: DEMO.adminEmail,
    adminPassword,
    adminFirstName: 'Demo',
    adminLastName: 'Admin',
  });
  const target = { project: DEMO.project, organization: DEMO.organization, environment: DEMO.environment };
  await setAgentUrl(context, target, options.agentUrl);
  const created = await createToken(
    context,
    setup.admin.id,
    setup.project.id,
    { name: DEMO.tokenName, scopes: ['all'], permissionLevel: 'read-write' },
    { isSsoSession: false, source: 'cli' },
  );
  const { workflow } = await publishWorkflow(context, null, { ...target, team: setup.team.name }, DEMO_WORKFLOW);
  const enabled = await enableTrigger(context, null, workflow.id);
  const webhookUrl = enabled.trigger?.url;
  if (!webhookUrl) throw new Error('The sample workflow has no webhook URL once its trigger is enabled.');
  const environment = setup.environments[0];
  if (environment === undefined) throw new Error('The demo organization has no environment.');
  return writeDemoFile(options.dataDir, {
    organization: DEMO.organization,
    project: DEMO.project,
    environment: DEMO.environment,
    adminEmail: DEMO.adminEmail,
    adminPassword,
    token: created.value,
    envSecret: environment.secret,
    agentUrl: options.agentUrl,
    workflowId: workflow.id,
    webhookUrl,
  });
}

function readDemoFile(dataDir: string): DemoSetup | undefined {
  try {
    const parsed = demoSetupSchema.safeParse(JSON.parse(readFileSync(path.join(dataDir, DEMO_FILE), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function writeDemoFile(dataDir: string, demo: DemoSetup): DemoSetup {
  writeFileSync(path.join(dataDir, DEMO_FILE), `${JSON.stringify(demo, null, 2)}\n`, { mode: 0o600 });
  return demo;
}
