import {
  type Caller,
  type Collection,
  ForbiddenError,
  UnprocessableError,
  ValidationError,
} from '@platform/datasource-toolkit';
import { createCollectionContext } from '../../context/collection-customization-context';
import type { HookContext } from './types';

/** A frozen hook context: the collection context, the `throw*` helpers and `properties`. */
export function createHookContext<T extends object>(
  collection: Collection,
  caller: Caller,
  properties: T,
): HookContext & T {
  return Object.freeze({
    ...createCollectionContext(collection, caller),
    ...properties,
    throwValidationError(message: string): never {
      throw new ValidationError(message);
    },
    throwForbiddenError(message: string): never {
      throw new ForbiddenError(message);
    },
    throwError(message: string): never {
      throw new UnprocessableError(message);
    },
  });
}
