import { ValidationError } from '../errors/errors';

/** Checks the `limit` of an aggregation: absent, or an integer of 0 or more. */
export class AggregationLimitValidator {
  /** @throws ValidationError for a negative, fractional, unsafe or non-numeric limit. */
  static validate(limit: number | undefined): void {
    if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 0)) {
      throw new ValidationError(`Invalid aggregation limit ${String(limit)}: expected an integer of 0 or more.`);
    }
  }
}
