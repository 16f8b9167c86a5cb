import { CHILD_ENV } from './child/child-protocol';

export interface ChildEnvInputs {
  readonly connection: string;
  readonly envSecret: string;
  readonly authSecret: string;
  readonly serverUrl: string;
  readonly prefix: string;
}

/**
 * The whole environment of a hosted agent's process, built from its own values only: nothing of
 * the runner's environment (its database URL, server secrets, other environments' connections)
 * reaches the customer's code.
 */
export function childEnvOf(inputs: ChildEnvInputs): Record<string, string> {
  return {
    NODE_ENV: 'production',
    [CHILD_ENV.connection]: inputs.connection,
    [CHILD_ENV.envSecret]: inputs.envSecret,
    [CHILD_ENV.authSecret]: inputs.authSecret,
    [CHILD_ENV.serverUrl]: inputs.serverUrl,
    [CHILD_ENV.prefix]: inputs.prefix,
  };
}
