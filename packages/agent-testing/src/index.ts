// The public surface of @platform/agent-testing: every exported name is listed here.
export {
  type AddEnvironmentOptions,
  createPlatformServerSandbox,
  type MintUserTokenOptions,
  type PlatformServerSandbox,
  type PlatformServerSandboxOptions,
} from './sandbox/create-platform-server-sandbox';
export {
  SANDBOX_ROLES,
  SandboxEnvironment,
  type SandboxRight,
  type SandboxUserInput,
} from './sandbox/sandbox-environment';
