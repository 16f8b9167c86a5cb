import { z } from 'zod';

/**
 * Who may register MCP clients (`PLATFORM_MCP_REGISTRATION_ALLOWED_HOSTS`): anyone (`open`, the
 * default), nobody (`off`: operators register clients with the CLI), or only clients whose every
 * redirect URI is on one of `hosts` (`claude.ai`, `localhost`, `*.example.com` for any subdomain).
 */
export type RegistrationPolicy =
  | { readonly kind: 'open' }
  | { readonly kind: 'off' }
  | { readonly kind: 'hosts'; readonly hosts: readonly string[] };

const HOST_NAME = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;
const IPV6_LITERAL = /^\[[0-9a-f:.]+\]$/;

/** Parses the variable: `off`, or a comma-separated list of host names (unset: `open`, the config's default). */
export const registrationPolicySchema = z.string().transform((value, context): RegistrationPolicy => {
  if (value.trim().toLowerCase() === 'off') return { kind: 'off' };
  const hosts = value
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host !== '');
  const bad = hosts.filter((host) => !HOST_NAME.test(host) && !IPV6_LITERAL.test(host));
  if (hosts.length === 0 || bad.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `expected off, or comma-separated host names such as claude.ai,localhost,*.example.com${
        bad.length > 0 ? ` (not a host name: ${bad.join(', ')})` : ''
      }`,
    });
    return z.NEVER;
  }
  return { kind: 'hosts', hosts };
});

/** Whether a redirect URI on `hostname` (as `URL.hostname` gives it) may be registered. */
export function isHostAllowed(policy: RegistrationPolicy, hostname: string): boolean {
  switch (policy.kind) {
    case 'open':
      return true;
    case 'off':
      return false;
    case 'hosts': {
      const host = hostname.toLowerCase();
      return policy.hosts.some((allowed) =>
        allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed,
      );
    }
    default: {
      const unknown: never = policy;
      throw new Error(`unknown registration policy ${JSON.stringify(unknown)}`);
    }
  }
}
