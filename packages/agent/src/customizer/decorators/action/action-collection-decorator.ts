import type {
  ActionFormField,
  ActionResult,
  ActionSchema,
  Caller,
  CollectionSchema,
  Filter,
  RecordData,
} from '@platform/datasource-toolkit';
import { CollectionDecorator } from '../collection-decorator';
import { checkActionDefinition, isStaticForm } from './check-action-definition';
import { createActionContext } from './create-action-context';
import { type FormMetas, type FormMode, toFormMode } from './form/form-mode';
import { type AnyFormElement, type FormContext, type ResolvedField, resolveForm } from './form/resolve-form';
import { validateFormValues } from './form/validate-form-values';
import { RecordsLoader } from './records-loader';
import { ActionResultBuilder } from './result-builder';
import type { ActionDefinition } from './types';

const RESULT_TYPES: readonly unknown[] = ['Success', 'Error', 'Webhook', 'File', 'Redirect'];

/**
 * Adds actions (spec §2.3): their schema entries, their dynamic forms (`getForm`) and their
 * execution (`execute`), with form values validated against the form before `execute` runs.
 * Names it does not know go to the child, which may have native actions.
 */
export class ActionCollectionDecorator extends CollectionDecorator {
  protected readonly actions = new Map<string, ActionDefinition>();

  /**
   * Adds an action.
   * @throws Error when the definition is invalid or the name is taken.
   */
  addAction(name: string, definition: ActionDefinition): void {
    checkActionDefinition(this.name, name, definition);
    if (this.actions.has(name) || Object.hasOwn(this.childCollection.schema.actions, name)) {
      throw new Error(`Action '${name}' already exists on '${this.name}': choose another name.`);
    }

    this.actions.set(name, definition);
    this.markSchemaAsDirty();
  }

  override get isCustomized(): boolean {
    return this.actions.size > 0;
  }

  override async execute(caller: Caller, name: string, formValues: RecordData, filter?: Filter): Promise<ActionResult> {
    const action = this.actions.get(name);
    if (action === undefined) return super.execute(caller, name, formValues, filter);

    const submitted = formValues ?? {};
    const records = new RecordsLoader(this, caller, filter, name);
    const fields = await this.resolveForm(caller, name, action, submitted, filter, { kind: 'execute' }, records);
    const values = validateFormValues({
      actionName: name,
      labels: (action.form ?? []).map(({ label }) => label),
      fields,
      submitted,
      getSchema: (collectionName) => this.dataSource.getCollection(collectionName).schema,
    });
    const context = createActionContext(action.scope, {
      actionName: name,
      collection: this,
      caller,
      filter,
      formValues: values,
      records,
    });
    const resultBuilder = new ActionResultBuilder();
    // The scope decides the context class (createActionContext), so each definition gets its own.
    const result = await (action.execute as (context: FormContext, builder: ActionResultBuilder) => unknown)(
      context,
      resultBuilder,
    );

    return this.checkResult(name, result ?? resultBuilder.success());
  }

  override async getForm(
    caller: Caller,
    name: string,
    formValues?: RecordData,
    filter?: Filter,
    metas?: FormMetas,
  ): Promise<ActionFormField[]> {
    const action = this.actions.get(name);
    if (action === undefined) return super.getForm(caller, name, formValues, filter, metas);

    const mode = toFormMode(formValues, metas);
    const records = new RecordsLoader(this, caller, filter, name);
    const fields = await this.resolveForm(caller, name, action, formValues, filter, mode, records);

    return fields.map(({ field }) => field);
  }

  protected override refineSchema(childSchema: CollectionSchema): CollectionSchema {
    const actions: Record<string, ActionSchema> = { ...childSchema.actions };
    for (const [name, definition] of this.actions) {
      actions[name] = {
        scope: definition.scope,
        generateFile: definition.generateFile ?? false,
        staticForm: isStaticForm(definition.form),
        ...(definition.description === undefined ? {} : { description: definition.description }),
        ...(definition.submitButtonLabel === undefined ? {} : { submitButtonLabel: definition.submitButtonLabel }),
      };
    }

    return { ...childSchema, actions };
  }

  private async resolveForm(
    caller: Caller,
    name: string,
    action: ActionDefinition,
    submitted: RecordData | undefined,
    filter: Filter | undefined,
    mode: FormMode,
    records: RecordsLoader,
  ): Promise<ResolvedField[]> {
    return resolveForm({
      actionName: name,
      dataSource: this.dataSource,
      // Same cast as for execute: form functions receive the context class of the action's scope.
      elements: (action.form ?? []) as readonly AnyFormElement[],
      submitted,
      mode,
      makeContext: (values, onFieldRead) =>
        createActionContext(action.scope, {
          actionName: name,
          collection: this,
          caller,
          filter,
          formValues: values,
          records,
          changedField: mode.kind === 'change' ? mode.changedField : undefined,
          onFieldRead,
        }),
    });
  }

  private checkResult(name: string, result: unknown): ActionResult {
    if (typeof result !== 'object' || result === null || !RESULT_TYPES.includes((result as { type?: unknown }).type)) {
      throw new Error(
        `Action '${name}' of '${this.name}' returned ${String(result)}: return a resultBuilder result (success, error, webhook, file, redirectTo) or nothing.`,
      );
    }

    return result as ActionResult;
  }
}
