import { CLOUD_CLI_CLIENT_ID, DEVICE_CODE_GRANT_TYPE } from '@platform/platform-contract';
import { z } from 'zod';
import { CloudOAuthError } from './cloud-errors';

// The form bodies of the OAuth routes, parsed into what the services take. Refusals are
// CloudOAuthError: `invalid_request`, `invalid_client`, `unsupported_grant_type`.

const secretField = z.string().min(1).max(512);

const deviceAuthorizationForm = z.object({
  client_id: z.string(),
  /** The host name the CLI runs on, shown on the approval page; printable text only. */
  client_label: z
    .string()
    .max(255)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here.
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'printable characters only')
    .optional(),
  scope: z.string().optional(),
});

const deviceCodeGrantForm = z.object({
  grant_type: z.literal(DEVICE_CODE_GRANT_TYPE),
  device_code: secretField,
  client_id: z.string(),
});

const refreshGrantForm = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: secretField,
  client_id: z.string().optional(),
});

const revocationForm = z.object({
  token: secretField,
  token_type_hint: z.string().optional(),
  client_id: z.string().optional(),
});

export type CloudTokenRequest =
  | { readonly grant: 'device_code'; readonly deviceCode: string }
  | { readonly grant: 'refresh_token'; readonly refreshToken: string };

/** `POST /cloud/v1/device/code`: the label to show on the page. */
export function parseDeviceAuthorizationRequest(body: unknown): { readonly clientLabel: string } {
  const form = parseForm(deviceAuthorizationForm, body);
  checkClient(form.client_id);
  return { clientLabel: form.client_label?.trim() ?? '' };
}

/** `POST /cloud/v1/token`, either grant. */
export function parseTokenRequest(body: unknown): CloudTokenRequest {
  const grantType = isRecord(body) ? body.grant_type : undefined;
  if (grantType === DEVICE_CODE_GRANT_TYPE) {
    const form = parseForm(deviceCodeGrantForm, body);
    checkClient(form.client_id);
    return { grant: 'device_code', deviceCode: form.device_code };
  }
  if (grantType === 'refresh_token') {
    const form = parseForm(refreshGrantForm, body);
    if (form.client_id !== undefined) checkClient(form.client_id);
    return { grant: 'refresh_token', refreshToken: form.refresh_token };
  }
  if (typeof grantType !== 'string' || grantType === '') {
    throw new CloudOAuthError('invalid_request', 'Send grant_type in a form-encoded body.');
  }
  throw new CloudOAuthError(
    'unsupported_grant_type',
    `The grant type ${grantType} is not supported here: use ${DEVICE_CODE_GRANT_TYPE} or refresh_token.`,
  );
}

/** `POST /cloud/v1/revoke`: the token to revoke. */
export function parseRevocationRequest(body: unknown): { readonly token: string } {
  const form = parseForm(revocationForm, body);
  if (form.client_id !== undefined) checkClient(form.client_id);
  return { token: form.token };
}

function parseForm<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const parsed = schema.safeParse(isRecord(body) ? body : {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
  throw new CloudOAuthError('invalid_request', `The form-encoded body is not valid (${problems.join('; ')}).`);
}

function checkClient(clientId: string): void {
  if (clientId !== CLOUD_CLI_CLIENT_ID) {
    throw new CloudOAuthError('invalid_client', `Unknown client ${clientId}: the cloud CLI is ${CLOUD_CLI_CLIENT_ID}.`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
