import { BaseActionContext, NO_SELECTION } from './action-context-base';

/** The context of a Global action: no selected record. */
export class ActionContext extends BaseActionContext {
  protected readonly scope = 'Global';

  /** @deprecated Not available in Global actions: throws. */
  async getRecords(_fields: readonly string[]): Promise<never> {
    throw this.unavailable('getRecords', NO_SELECTION);
  }

  /** @deprecated Not available in Global actions: throws. */
  async getRecordIds(): Promise<never> {
    throw this.unavailable('getRecordIds', NO_SELECTION);
  }

  /** @deprecated Not available in Global actions: throws. */
  async getCompositeRecordIds(): Promise<never> {
    throw this.unavailable('getCompositeRecordIds', NO_SELECTION);
  }

  /** @deprecated Not available in Global actions: throws. */
  async getRecord(_fields: readonly string[]): Promise<never> {
    throw this.unavailable('getRecord', NO_SELECTION);
  }

  /** @deprecated Not available in Global actions: throws. */
  async getRecordId(): Promise<never> {
    throw this.unavailable('getRecordId', NO_SELECTION);
  }

  /** @deprecated Not available in Global actions: throws. */
  async getCompositeRecordId(): Promise<never> {
    throw this.unavailable('getCompositeRecordId', NO_SELECTION);
  }

  /** @deprecated Not available in Global actions: throws. */
  async getField(_fieldName: string): Promise<never> {
    throw this.unavailable('getField', NO_SELECTION);
  }
}
