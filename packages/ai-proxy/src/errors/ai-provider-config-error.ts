/** One problem found in the options of `createAiProvider`. */
export interface AiProviderConfigIssue {
  /** The option at fault, e.g. `apiKey` or `provider`. */
  readonly field: string;
  readonly message: string;
}

/** `createAiProvider` was given invalid options. The message names the fields, never their values. */
export class AiProviderConfigError extends Error {
  readonly issues: readonly AiProviderConfigIssue[];

  constructor(issues: readonly AiProviderConfigIssue[]) {
    super(`Invalid AI provider options: ${issues.map((issue) => `${issue.field}: ${issue.message}`).join('; ')}`);
    this.name = 'AiProviderConfigError';
    this.issues = issues;
  }
}
