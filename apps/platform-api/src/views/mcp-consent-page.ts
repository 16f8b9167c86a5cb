import { MCP_AUTHORIZE_PATH, type McpScope } from '@platform/platform-contract';
import { html } from './html';
import { layout } from './layout';

export interface McpConsentPageOptions {
  readonly csrfToken: string;
  /** The client's self-declared name: shown, but the redirect host is what identifies it. */
  readonly clientName: string;
  readonly redirectHost: string;
  /** Each asked scope with what it lets the client do. */
  readonly scopes: readonly { readonly scope: McpScope; readonly words: string }[];
  readonly projectName: string;
  readonly environmentName: string;
  readonly userEmail: string;
  readonly role: string;
  /** The authorization request, posted back as hidden fields with the decision. */
  readonly request: Readonly<Record<string, string>>;
}

/** Asks a signed-in user to allow an MCP client on an environment; posts `decision` to MCP_AUTHORIZE_PATH. */
export function mcpConsentPage(options: McpConsentPageOptions): string {
  return layout(
    'Allow access',
    html`<h1>Allow ${options.clientName} to use ${options.projectName} · ${options.environmentName}?</h1>
<p>The application <strong data-testid="client-name">${options.clientName}</strong>, which receives the answer at
<strong data-testid="redirect-host">${options.redirectHost}</strong>, asks to act as
<strong>${options.userEmail}</strong> (${options.role}) on environment
<strong data-testid="environment">${options.environmentName}</strong> of project
<strong data-testid="project">${options.projectName}</strong>. It will be able to:</p>
<ul data-testid="scopes">
${options.scopes.map(({ scope, words }) => html`<li data-scope="${scope}">${words}</li>`)}
</ul>
<p>Your permissions and your team's scopes still apply. Allow only applications you trust.</p>
<form method="post" action="${MCP_AUTHORIZE_PATH}">
  <input type="hidden" name="_csrf" value="${options.csrfToken}">
  ${Object.entries(options.request).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
  <button type="submit" name="decision" value="approve">Allow</button>
  <button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</form>`,
  );
}
