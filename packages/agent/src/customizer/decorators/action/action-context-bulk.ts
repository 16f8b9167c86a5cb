import type { CompositeId, RecordData } from '@platform/datasource-toolkit';
import { BaseActionContext, SINGLE_ONLY } from './action-context-base';

/** The context of a Bulk action: the selected records. */
export class ActionContextBulk extends BaseActionContext {
  protected readonly scope = 'Bulk';

  /** The selected records with `fields` (paths such as `author:name`) and their primary keys. */
  async getRecords(fields: readonly string[]): Promise<RecordData[]> {
    return this.records.load(fields);
  }

  /** The ids of the selected records: the primary key value, or the packed id when it is composite. */
  async getRecordIds(): Promise<Array<string | number>> {
    return (await this.loadCompositeIds()).map((id) => this.toRecordId(id));
  }

  /** The primary key values of each selected record, in schema order. */
  async getCompositeRecordIds(): Promise<CompositeId[]> {
    return this.loadCompositeIds();
  }

  /** @deprecated Single actions only: throws. */
  async getRecord(_fields: readonly string[]): Promise<never> {
    throw this.unavailable('getRecord', SINGLE_ONLY);
  }

  /** @deprecated Single actions only: throws. */
  async getRecordId(): Promise<never> {
    throw this.unavailable('getRecordId', SINGLE_ONLY);
  }

  /** @deprecated Single actions only: throws. */
  async getCompositeRecordId(): Promise<never> {
    throw this.unavailable('getCompositeRecordId', SINGLE_ONLY);
  }

  /** @deprecated Single actions only: throws. */
  async getField(_fieldName: string): Promise<never> {
    throw this.unavailable('getField', SINGLE_ONLY);
  }
}
