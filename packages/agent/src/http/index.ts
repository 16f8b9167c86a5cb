// The public names of the agent's HTTP surface; src/index.ts re-exports what it publishes.
export { slugifyActionName } from './actions/action-route';
export { createAuthSecretTokenVerifier } from './auth/auth-secret-token-verifier';
export {
  AuthenticationError,
  InvalidTokenError,
  MissingTokenError,
  TokenExpiredError,
} from './auth/authentication-errors';
export {
  createCompositeTokenVerifier,
  type TokenVerifier,
  type UnverifiedTokenHeader,
} from './auth/token-verifier';
export { type AgentHttpOptions, createAgentRouter } from './create-agent-router';
export { createDevelopmentPermissions } from './permissions/development-permissions';
export type { Permission, PermissionExtra, PermissionService } from './permissions/permission-service';
export { MAX_PAGE_SIZE } from './query/parse-list-query';
