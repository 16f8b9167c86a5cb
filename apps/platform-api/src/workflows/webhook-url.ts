import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../context';
import { ValidationError } from '../errors';
import { serverSecret } from './server-secret';

/** Where webhook URLs live; not under /v1: a webhook URL is not versioned (spec §9). */
export const WEBHOOK_PATH_PREFIX = '/hooks/workflows';

const SIGNING_KEY_NAME = 'workflow-webhook-url-key';

/** What a webhook URL names: the workflow, its rendering, and the trigger generation it was issued for. */
export interface WebhookTarget {
  readonly workflowId: number;
  readonly renderingId: number;
  readonly generation: number;
}

const id = z.number().int().min(1).max(2_147_483_647);
// `<workflowId>.<renderingId>.<generation>`, decimal: compact, and nothing else parses.
const payloadSchema = z
  .string()
  .regex(/^\d{1,10}\.\d{1,10}\.\d{1,10}$/)
  .transform((value) => value.split('.').map(Number))
  .pipe(z.tuple([id, id, id]));

/** The signed last segment of a webhook URL: base64url(payload) + "." + base64url(HMAC-SHA256). */
export async function signWebhookTarget(context: AppContext, target: WebhookTarget): Promise<string> {
  const payload = Buffer.from(`${target.workflowId}.${target.renderingId}.${target.generation}`).toString('base64url');
  return `${payload}.${await signatureOf(context, payload)}`;
}

/** The full URL to copy into the external system. */
export async function webhookUrlOf(context: AppContext, target: WebhookTarget): Promise<string> {
  return `${context.config.publicUrl}${WEBHOOK_PATH_PREFIX}/${await signWebhookTarget(context, target)}`;
}

/**
 * Reads a signed segment back, or throws ValidationError (400) when it is malformed or its signature
 * does not match: a forged or edited URL never reaches the database.
 */
export async function verifyWebhookTarget(context: AppContext, signed: string): Promise<WebhookTarget> {
  const malformed = new ValidationError(
    'The webhook URL is malformed or was altered; copy it again from the workflow.',
  );
  const [payload, signature, extra] = signed.split('.');
  if (!payload || !signature || extra !== undefined) throw malformed;
  const expected = Buffer.from(await signatureOf(context, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw malformed;
  const parsed = payloadSchema.safeParse(Buffer.from(payload, 'base64url').toString('utf8'));
  // Signed by this server but not of this shape: impossible unless the key was reused elsewhere.
  if (!parsed.success) throw malformed;
  const [workflowId, renderingId, generation] = parsed.data;
  return { workflowId, renderingId, generation };
}

async function signatureOf(context: AppContext, payload: string): Promise<string> {
  const key = await serverSecret(context, SIGNING_KEY_NAME);
  return createHmac('sha256', key).update(payload).digest('base64url');
}
