import { z } from 'zod';
import { AiProviderConfigError } from '../errors/ai-provider-config-error';

export const AI_PROVIDER_KINDS = ['openai', 'anthropic'] as const;

/** The zod schema of `createAiProvider`'s options. */
export const aiProviderOptionsSchema = z.object({
  name: z.string().trim().min(1, 'must be a non-empty string'),
  provider: z.enum(AI_PROVIDER_KINDS, { error: `must be one of ${AI_PROVIDER_KINDS.join(', ')}` }),
  apiKey: z.string({ error: 'must be a string' }).trim().min(1, 'must be a non-empty string'),
  model: z
    .string({ error: 'is required (the default model of this provider)' })
    .trim()
    .min(1, 'must be a non-empty string'),
  baseUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  timeoutMs: z.number().int().positive().optional(),
  maxRetries: z.number().int().min(0).max(10).optional(),
  organization: z.string().min(1).optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

/** Options of `createAiProvider`. */
export type AiProviderOptions = z.input<typeof aiProviderOptionsSchema>;
/** Which official SDK serves a provider. */
export type AiProviderKind = (typeof AI_PROVIDER_KINDS)[number];
export type ParsedAiProviderOptions = Readonly<z.output<typeof aiProviderOptionsSchema>>;

/** Parses the options, or throws an `AiProviderConfigError` naming the fields (never their values). */
export function parseAiProviderOptions(options: unknown): ParsedAiProviderOptions {
  const result = aiProviderOptionsSchema.safeParse(options);
  if (result.success) return Object.freeze(result.data);
  throw new AiProviderConfigError(
    result.error.issues.map((issue) => ({ field: issue.path.join('.') || '(options)', message: issue.message })),
  );
}
