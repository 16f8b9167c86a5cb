import type { Logger } from '@platform/datasource-toolkit';
import type { NoCodeAction } from '@platform/platform-contract';
import type { DataSourceCustomizer } from '../customizer/data-source-customizer';
import type { ActionContextBulk, ActionContextSingle, ActionDefinition } from '../customizer/decorators/action/types';

/** Longest wait for a no-code webhook. */
export const NO_CODE_WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * The experimental no-code actions of the environment (defined on the platform). Each action is
 * added to the customizer once, with an `execute` that reads the latest definition, so a changed
 * URL or set of values applies at once; an action the platform no longer lists answers an error
 * until the agent restarts (a customization cannot be removed from a running agent).
 */
export class NoCodeActions {
  private definitions = new Map<string, NoCodeAction>();
  private readonly added = new Set<string>();

  constructor(
    private readonly fetchActions: () => Promise<NoCodeAction[]>,
    private readonly logger: Logger,
  ) {}

  /** Fetches the definitions; queues the actions not added yet. Returns how many were queued. */
  async apply(customizer: DataSourceCustomizer): Promise<number> {
    const actions = await this.fetchActions();
    this.definitions = new Map(actions.map((action) => [key(action.collection, action.name), action]));
    let queued = 0;
    for (const action of actions) {
      const id = key(action.collection, action.name);
      if (this.added.has(id)) continue;
      this.added.add(id);
      queued += 1;
      customizer.customizeCollection(action.collection, (collection) =>
        collection.addAction(action.name, this.toDefinition(action)),
      );
    }
    if (queued > 0) this.logger('Info', `${queued} no-code action(s) added from the platform.`);

    return queued;
  }

  private current(action: NoCodeAction): NoCodeAction {
    const found = this.definitions.get(key(action.collection, action.name));
    if (found === undefined || found.type !== action.type) {
      throw new Error(`The no-code action '${action.name}' was removed or changed type on the platform.`);
    }

    return found;
  }

  private toDefinition(action: NoCodeAction): ActionDefinition {
    const execute = async (
      context: ActionContextSingle | ActionContextBulk,
      resultBuilder: Parameters<ActionDefinition['execute']>[1],
    ) => {
      const definition = this.current(action);
      if (definition.type === 'update-record') {
        await context.collection.update(context.caller, context.filter, definition.values);
        return resultBuilder.success(`${definition.name}: done.`);
      }
      const recordIds = definition.scope === 'Global' ? [] : await context.getRecordIds();
      const response = await fetch(definition.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          collection: definition.collection,
          action: definition.name,
          recordIds,
          caller: { id: context.caller.id, email: context.caller.email },
        }),
        signal: AbortSignal.timeout(NO_CODE_WEBHOOK_TIMEOUT_MS),
      }).catch((error: unknown) => error as Error);
      if (response instanceof Error) return resultBuilder.error(`${definition.name}: the webhook cannot be reached.`);
      await response.body?.cancel();
      if (!response.ok) return resultBuilder.error(`${definition.name}: the webhook answered ${response.status}.`);

      return resultBuilder.success(`${definition.name}: done.`);
    };

    return { scope: action.scope, execute } as ActionDefinition;
  }
}

function key(collection: string, name: string): string {
  return `${collection}\u0000${name}`;
}
