import { z } from 'zod';
import { type AgentHttp, describeCall, errorFromBody, parseJson } from './agent-http';
import type { AgentSchemaAction } from './agent-schema-file';

/** A record id: the primary key value, or the packed id of a composite key (`1|a`). */
export type RecordId = string | number;

/** The records an action runs on: one for a Single action, several for a Bulk one, none for Global. */
export interface ActionSelection {
  readonly recordId?: RecordId;
  readonly recordIds?: readonly RecordId[];
}

const formFieldSchema = z.looseObject({
  label: z.string(),
  type: z.string(),
  value: z.unknown().optional(),
  isRequired: z.boolean().optional(),
  isReadOnly: z.boolean().optional(),
  enumValues: z.array(z.string()).optional(),
});
const formSchema = z.object({ fields: z.array(formFieldSchema) });

/** A field of an action form, as the agent resolved it for the values filled so far. */
export type ActionFormFieldView = z.infer<typeof formFieldSchema>;

/** What `execute()` gives back: the action result's JSON, or the file it produced. */
export type ActionExecution =
  | { readonly success: string; readonly html?: string; readonly refresh: { readonly relationships: string[] } }
  | { readonly error: string; readonly html?: string }
  | { readonly webhook: { url: string; method: string; headers: Record<string, string>; body: unknown } }
  | { readonly redirectTo: string }
  | { readonly file: { readonly mimeType: string; readonly filename: string; readonly content: Buffer } };

/**
 * An action about to run on a selection: fill its form, read the form as the agent computes it
 * (load and change hooks, so dynamic forms react to the values), then `execute()`.
 */
export class ActionClient {
  private values: Record<string, unknown> = {};
  private fields: ActionFormFieldView[] | undefined;

  constructor(
    private readonly http: AgentHttp,
    private readonly collection: string,
    private readonly action: AgentSchemaAction,
    private readonly selection: ActionSelection,
  ) {}

  /** The form's fields for the values filled so far (loaded from the agent on first use). */
  async getForm(): Promise<readonly ActionFormFieldView[]> {
    this.fields ??= await this.callHook('load', { values: this.values });

    return this.fields;
  }

  /** The values the form holds: those filled, plus the defaults and computed values of the agent. */
  get formValues(): Readonly<Record<string, unknown>> {
    return { ...this.values };
  }

  /** One field of the form, by label. */
  getField(label: string): ActionFieldClient {
    return {
      fill: async (value) => {
        await this.getForm();
        this.values = { ...this.values, [label]: value };
        this.adopt(await this.callHook('change', { values: this.values, changedField: label }));
      },
      getValue: () => this.values[label],
      getProperties: async () => (await this.getForm()).find((field) => field.label === label),
    };
  }

  /** Fills several fields at once (one change per field, in order). */
  async fill(values: Record<string, unknown>): Promise<void> {
    for (const [label, value] of Object.entries(values)) await this.getField(label).fill(value);
  }

  /**
   * Runs the action with the values filled. The action's own `resultBuilder.error()` is returned
   * as `{ error }`; the agent's refusals (permission, validation of the form) throw.
   */
  async execute(): Promise<ActionExecution> {
    const call = { method: 'POST', path: this.action.route, body: this.body({ values: this.values }) } as const;
    const response = await this.http.fetch({ ...call, collection: this.collection });
    const disposition = response.headers.get('content-disposition');
    if (response.ok && disposition?.startsWith('attachment')) {
      return {
        file: {
          mimeType: response.headers.get('content-type') ?? 'application/octet-stream',
          filename: /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'file',
          content: Buffer.from(await response.arrayBuffer()),
        },
      };
    }
    const text = await response.text();
    const body = parseJson(text);
    const isErrorResult =
      response.status === 400 && typeof (body as { error?: unknown } | undefined)?.error === 'string';
    if (response.ok || isErrorResult) return body as ActionExecution;

    throw errorFromBody(response, text, describeCall(call), this.collection);
  }

  private async callHook(hook: 'load' | 'change', extra: Record<string, unknown>): Promise<ActionFormFieldView[]> {
    const answer = await this.http.json({
      method: 'POST',
      path: `${this.action.route}/hooks/${hook}`,
      body: this.body(extra),
      collection: this.collection,
    });

    return formSchema.parse(answer).fields;
  }

  // A dynamic form may compute values (or hide fields): the client keeps what the agent says.
  private adopt(fields: ActionFormFieldView[]): void {
    this.fields = fields;
    const labels = new Set(fields.map((field) => field.label));
    const kept = Object.fromEntries(Object.entries(this.values).filter(([label]) => labels.has(label)));
    for (const field of fields) if (field.value !== undefined) kept[field.label] = field.value;
    this.values = kept;
  }

  private body(extra: Record<string, unknown>): Record<string, unknown> {
    const { recordId, recordIds } = this.selection;
    const ids = recordIds ?? (recordId === undefined ? [] : [recordId]);

    return { ...extra, ids: ids.map(String) };
  }
}

/** One field of an action form. */
export interface ActionFieldClient {
  /** Sets the value, then asks the agent for the form again (its change hook). */
  fill(value: unknown): Promise<void>;
  getValue(): unknown;
  /** The field as the agent last resolved it; undefined when the form has no such field (or hides it). */
  getProperties(): Promise<ActionFormFieldView | undefined>;
}
