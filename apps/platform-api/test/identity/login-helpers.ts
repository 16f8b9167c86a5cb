import type { Response, Agent as TestAgent } from 'supertest';

/** The hidden CSRF field of a rendered form. */
export function csrfFieldOf(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error(`no CSRF field in the page:\n${html}`);
  return match[1];
}

/** One `Set-Cookie` line of a response by cookie name, or undefined. */
export function setCookieOf(response: Response, name: string): string | undefined {
  const header = response.headers['set-cookie'] as unknown;
  const lines = Array.isArray(header) ? (header as string[]) : typeof header === 'string' ? [header] : [];
  return lines.find((line) => line.startsWith(`${name}=`));
}

/** Opens the login page with `agent` (which keeps the CSRF cookie) and returns the form's token. */
export async function openLoginForm(agent: TestAgent, next?: string): Promise<string> {
  const response = await agent
    .get('/login')
    .query(next === undefined ? {} : { next })
    .expect(200);
  return csrfFieldOf(response.text);
}

/** Signs in through the form; resolves to the POST's response. */
export async function signIn(
  agent: TestAgent,
  fields: { email: string; password: string; next?: string },
): Promise<Response> {
  const csrf = await openLoginForm(agent);
  return agent
    .post('/login')
    .type('form')
    .send({ _csrf: csrf, ...fields });
}
