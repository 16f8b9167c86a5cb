import { COLLECTION_RIGHTS, noCodeActionSchema, plainConditionTreeSchema } from '@platform/platform-contract';
import { z } from 'zod';
import { emailSchema, roleSchema } from '../identity/identity-schemas';

/** Where an operator acts: a project (by name, optionally its organization) and one environment. */
export const environmentTargetSchema = z.object({
  project: z.string().min(1),
  organization: z.string().min(1).optional(),
  environment: z.string().min(1),
});

const collectionSchema = z.string().trim().min(1, 'The collection name cannot be empty.');

export const collectionRightSchema = z.enum(COLLECTION_RIGHTS, {
  error: `Rights are ${COLLECTION_RIGHTS.join(', ')}.`,
});

export const grantSchema = environmentTargetSchema.extend({
  role: roleSchema,
  collection: collectionSchema,
  rights: z.array(collectionRightSchema).default([]),
  actions: z.array(z.string().min(1)).default([]),
});
export type GrantInput = z.output<typeof grantSchema>;

export const chartsSchema = environmentTargetSchema.extend({ role: roleSchema, allowed: z.boolean() });

export const scopeSchema = environmentTargetSchema.extend({
  team: z.string().min(1),
  collection: collectionSchema,
  condition: plainConditionTreeSchema,
});
export const clearScopeSchema = scopeSchema.omit({ condition: true });

export const agentUrlSchema = z
  .url({ protocol: /^https?$/, error: 'The agent URL is an http(s) URL, such as https://agent.example.com.' })
  .refine((url) => !/[?#]/.test(url), 'The agent URL has no query or fragment.')
  .transform((url) => url.replace(/\/+$/, ''));

export const tagsSchema = z.record(z.string().min(1).max(100), z.string().max(1000));

export const memberTagsSchema = z.object({
  project: z.string().min(1),
  organization: z.string().min(1).optional(),
  email: emailSchema,
  tags: tagsSchema,
});

export const addActionSchema = environmentTargetSchema.extend({ definition: noCodeActionSchema });
export const removeActionSchema = environmentTargetSchema.extend({
  collection: collectionSchema,
  name: z.string().min(1),
});
