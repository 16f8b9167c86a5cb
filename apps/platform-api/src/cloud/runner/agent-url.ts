/**
 * The URL the platform reaches a hosted agent at: `template` with `{environment}` (the
 * environment's id) and `{port}` replaced, such as `https://{environment}.agents.example.com`
 * behind a proxy; else `http://<host>:<port>` (127.0.0.1 for a wildcard host).
 */
export function agentUrlOf(template: string | undefined, host: string, port: number, environmentId: number): string {
  if (template !== undefined) {
    return template
      .replaceAll('{environment}', String(environmentId))
      .replaceAll('{port}', String(port))
      .replace(/\/+$/, '');
  }
  const reachable = host === '0.0.0.0' || host === '::' || host === '[::]' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') && !reachable.startsWith('[') ? `[${reachable}]` : reachable}:${port}`;
}
