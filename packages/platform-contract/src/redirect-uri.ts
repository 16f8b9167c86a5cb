/**
 * Whether a sign-in `redirectUri` lies under the environment's agent URL `base`: same origin, no
 * credentials, and a path at or below the base path (so `/api-other` or `/api/../x` do not pass).
 * platform-api and the sandbox both refuse the authorize request otherwise.
 */
export function isUnderAgentUrl(candidate: string, base: string): boolean {
  let target: URL;
  let root: URL;
  try {
    target = new URL(candidate);
    root = new URL(base);
  } catch {
    return false;
  }
  if (target.origin !== root.origin || target.username !== '' || target.password !== '') return false;
  const rootPath = root.pathname.endsWith('/') ? root.pathname : `${root.pathname}/`;
  return target.pathname === root.pathname || target.pathname.startsWith(rootPath);
}
