import type { oas31, ZodOpenApiSecuritySchemeObject } from 'zod-openapi';

/** The one security scheme of the public API: an application token sent as a bearer token. */
export const securitySchemes: Record<string, ZodOpenApiSecuritySchemeObject> = {
  applicationToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'An application token, sent as `Authorization: Bearer <token>` (docs/tokens.md).',
  },
};

/** The `security` of every operation that needs an application token. */
export const applicationTokenSecurity: oas31.SecurityRequirementObject[] = [{ applicationToken: [] }];

/** The explicit `security` of the operations anyone may call (the document itself). */
export const noSecurity: oas31.SecurityRequirementObject[] = [];
