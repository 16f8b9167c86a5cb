import { html } from './html';
import { layout } from './layout';

export interface LoginPageOptions {
  readonly csrfToken: string;
  /** Where to go after signing in; already checked to be a same-origin path. */
  readonly next: string;
  /** Kept after a failed attempt so the user does not type it again. */
  readonly email?: string;
  readonly error?: string;
  /** Shows the "Sign in with SSO" link. */
  readonly isSsoAvailable: boolean;
}

/** The sign-in form; it posts to /login with a CSRF token. */
export function loginPage({ csrfToken, next, email = '', error, isSsoAvailable }: LoginPageOptions): string {
  const ssoHref = `/auth/oidc/start?next=${encodeURIComponent(next)}`;
  return layout(
    'Sign in',
    html`<h1>Sign in to the platform</h1>
${error ? html`<p class="alert" role="alert">${error}</p>` : ''}
<form method="post" action="/login" novalidate>
  <input type="hidden" name="_csrf" value="${csrfToken}">
  <input type="hidden" name="next" value="${next}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required autofocus value="${email}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <button type="submit">Sign in</button>
</form>
${isSsoAvailable ? html`<p class="separator">or</p><a class="button secondary" href="${ssoHref}">Sign in with SSO</a>` : ''}`,
  );
}

export interface SignedInPageOptions {
  readonly csrfToken: string;
  readonly email: string;
  readonly name: string;
  readonly isSso: boolean;
}

/** What /login shows to a user who is signed in already: who, how, and a sign-out button. */
export function signedInPage({ csrfToken, email, name, isSso }: SignedInPageOptions): string {
  return layout(
    'Signed in',
    html`<h1>You are signed in</h1>
<p>Signed in as <strong data-testid="signed-in-email">${email}</strong>${name ? html` (${name})` : ''}${
      isSso ? ' through SSO' : ''
    }.</p>
<form method="post" action="/logout">
  <input type="hidden" name="_csrf" value="${csrfToken}">
  <button type="submit" class="secondary">Sign out</button>
</form>`,
  );
}

/** A page for a failure the user can only retry (bad CSRF token, failed SSO). */
export function errorPage(title: string, message: string): string {
  return layout(
    title,
    html`<h1>${title}</h1><p class="alert" role="alert">${message}</p><a class="button" href="/login">Back to sign in</a>`,
  );
}
