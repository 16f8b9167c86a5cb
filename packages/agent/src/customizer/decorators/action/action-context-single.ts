import {
  type CompositeId,
  getCompositeId,
  NotFoundError,
  type RecordData,
  RecordUtils,
  ValidationError,
} from '@platform/datasource-toolkit';
import { BaseActionContext } from './action-context-base';

/** The context of a Single action: the one selected record. */
export class ActionContextSingle extends BaseActionContext {
  protected readonly scope = 'Single';

  /** The selected record in a one-element list (Bulk-compatible). */
  async getRecords(fields: readonly string[]): Promise<RecordData[]> {
    return [await this.getRecord(fields)];
  }

  async getRecordIds(): Promise<Array<string | number>> {
    return [await this.getRecordId()];
  }

  async getCompositeRecordIds(): Promise<CompositeId[]> {
    return [await this.getCompositeRecordId()];
  }

  /**
   * The selected record with `fields` and its primary keys.
   * @throws NotFoundError when the filter selects no record, ValidationError when it selects several.
   */
  async getRecord(fields: readonly string[]): Promise<RecordData> {
    return this.one(await this.records.load(fields));
  }

  async getRecordId(): Promise<string | number> {
    return this.toRecordId(await this.getCompositeRecordId());
  }

  async getCompositeRecordId(): Promise<CompositeId> {
    return getCompositeId(this.collection.schema, await this.getRecord([]));
  }

  /** The value of one field (`author:name` follows a relation) of the selected record. */
  async getField(fieldName: string): Promise<unknown> {
    return RecordUtils.getFieldValue(await this.getRecord([fieldName]), fieldName);
  }

  private one(records: RecordData[]): RecordData {
    const [record] = records;
    if (record === undefined) {
      throw new NotFoundError(
        `Action '${this.actionName}': the selected record of '${this.collection.name}' does not exist.`,
      );
    }
    if (records.length > 1) {
      throw new ValidationError(
        `Action '${this.actionName}' is a Single action but its filter selects ${records.length} records of ` +
          `'${this.collection.name}': select exactly one.`,
      );
    }

    return record;
  }
}
