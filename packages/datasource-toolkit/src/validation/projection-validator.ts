import type { Collection } from '../contracts/collection';
import { FieldValidator } from './field-validator';

/** Checks that every path of a projection names a column, directly or through to-one relations. */
export class ProjectionValidator {
  /** @throws MissingFieldError or ValidationError for the first bad path (see `FieldValidator.validate`). */
  static validate(collection: Collection, projection: readonly string[]): void {
    for (const path of projection) FieldValidator.validate(collection, path);
  }
}
