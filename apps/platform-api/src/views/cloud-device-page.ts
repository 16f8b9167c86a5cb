import { CLOUD_PATHS } from '@platform/platform-contract';
import { html } from './html';
import { layout } from './layout';

/** Asks a signed-in user for the code their terminal shows (the page opened without `user_code`). */
export function cloudDeviceCodeFormPage(options: { readonly userEmail: string; readonly error?: string }): string {
  return layout(
    'Sign in the cloud CLI',
    html`<h1>Sign in the cloud CLI</h1>
${options.error ? html`<p class="alert" role="alert">${options.error}</p>` : ''}
<p>Enter the code <code>platform-cloud login</code> printed in your terminal, to sign it in as
<strong>${options.userEmail}</strong>.</p>
<form method="get" action="${CLOUD_PATHS.devicePage}">
  <label for="user_code">Code</label>
  <input id="user_code" name="user_code" autocomplete="off" autocapitalize="characters" placeholder="ABCD-EFGH" required autofocus>
  <button type="submit">Continue</button>
</form>`,
  );
}

export interface CloudDeviceApprovalPageOptions {
  readonly csrfToken: string;
  /** `ABCD-EFGH`. */
  readonly userCode: string;
  /** What the CLI said it runs on (its host name); may be empty. */
  readonly clientLabel: string;
  readonly userEmail: string;
}

/** Asks a signed-in user to approve or deny a device code; posts `decision` to the device page. */
export function cloudDeviceApprovalPage(options: CloudDeviceApprovalPageOptions): string {
  return layout(
    'Approve the cloud CLI',
    html`<h1>Sign in the cloud CLI?</h1>
<p>The command-line tool <strong>platform-cloud</strong> on
<strong data-testid="client-label">${options.clientLabel || 'an unnamed machine'}</strong> asks to act as
<strong data-testid="user-email">${options.userEmail}</strong>: to read the cloud environments you may customize
and publish code to them.</p>
<p>Check that your terminal shows this code:</p>
<p><strong data-testid="user-code" style="font-size: 1.6rem; letter-spacing: 0.15em">${options.userCode}</strong></p>
<p>Approve only if you ran <code>platform-cloud login</code> yourself, just now.</p>
<form method="post" action="${CLOUD_PATHS.devicePage}">
  <input type="hidden" name="_csrf" value="${options.csrfToken}">
  <input type="hidden" name="user_code" value="${options.userCode}">
  <button type="submit" name="decision" value="approve">Approve</button>
  <button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</form>`,
  );
}

/** The answer recorded: the user goes back to their terminal. */
export function cloudDeviceAnsweredPage(options: {
  readonly decision: 'approve' | 'deny';
  readonly userCode: string;
}): string {
  const approved = options.decision === 'approve';
  return layout(
    approved ? 'Cloud CLI signed in' : 'Cloud CLI sign-in denied',
    html`<h1 data-testid="outcome">${approved ? 'The cloud CLI is signed in' : 'Sign-in denied'}</h1>
<p>${
      approved
        ? html`Code <strong>${options.userCode}</strong> is approved: go back to your terminal, where <code>platform-cloud login</code> finishes.`
        : html`Code <strong>${options.userCode}</strong> is denied: <code>platform-cloud login</code> stops without signing in.`
    } You may close this page.</p>`,
  );
}
