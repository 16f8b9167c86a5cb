import {
  type Caller,
  type CollectionSchema,
  type FieldSchema,
  type Filter,
  type RecordData,
  ValidationError,
} from '@platform/datasource-toolkit';
import { CollectionDecorator } from '../collection-decorator';
import { assertColumn } from '../field-checks';
import { createWithRelations } from './create-with-relations';
import { rewritePatch } from './rewrite-patch';
import type { WriteDefinition } from './types';
import { updateWithRelations } from './update-with-relations';

/**
 * Writes the stack cannot pass down as they are:
 * - fields with a `replaceFieldWriting` definition are replaced with the patch it returns (which
 *   makes them writable, computed fields included);
 * - nested records of to-one relations (`{ title, author: { name } }`) are created or updated in
 *   their own collection, one query per relation, and the keys that link them are set.
 *
 * Not transactional: when a related write fails, the writes done before it stay.
 */
export class WriteCollectionDecorator extends CollectionDecorator {
  protected readonly definitions = new Map<string, WriteDefinition>();

  /** @throws MissingFieldError for an unknown field; ValidationError for a relation or a non-function. */
  replaceFieldWriting(name: string, definition: WriteDefinition): void {
    assertColumn(this, name);
    if (typeof definition !== 'function') {
      throw new ValidationError(
        `Invalid writing definition for '${this.name}.${name}': expected a function (value, context) returning a patch.`,
      );
    }
    this.definitions.set(name, definition);
    this.markSchemaAsDirty();
  }

  protected override refineSchema(childSchema: CollectionSchema): CollectionSchema {
    const fields: Record<string, FieldSchema> = { ...childSchema.fields };
    for (const name of this.definitions.keys()) {
      const field = fields[name];
      if (field?.type === 'Column') fields[name] = { ...field, isReadOnly: false };
    }

    return { ...childSchema, fields };
  }

  override async create(caller: Caller, records: RecordData[]): Promise<RecordData[]> {
    const rewritten = await Promise.all(records.map((record) => this.rewrite(caller, 'create', record)));

    return createWithRelations({ collection: this, child: this.childCollection }, caller, rewritten);
  }

  override async update(caller: Caller, filter: Filter, patch: RecordData): Promise<void> {
    const refined = await this.refineFilter(caller, filter);
    const rewritten = await this.rewrite(caller, 'update', patch, refined);
    // Definitions may write their fields themselves (per record group) and return nothing: an
    // update left with no field has nothing more to do, the data source would refuse it.
    if (Object.keys(rewritten).length === 0 && Object.keys(patch).length > 0) return;

    return updateWithRelations({ collection: this, child: this.childCollection }, caller, refined, rewritten);
  }

  private async rewrite(caller: Caller, action: 'create' | 'update', record: RecordData, filter?: Filter) {
    if (this.definitions.size === 0) return record;

    return rewritePatch(
      {
        collection: this,
        caller,
        action,
        original: record,
        filter,
        definitionOf: (field) => this.definitions.get(field),
      },
      record,
    );
  }
}
