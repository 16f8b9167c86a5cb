import { ValidationError } from '@platform/datasource-toolkit';
import { isValidTimezone } from '../auth/timezone';

/**
 * The `timezone` query parameter, when given.
 * @throws ValidationError when it is not an IANA time zone.
 */
export function parseTimezone(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!isValidTimezone(value)) {
    throw new ValidationError(`Invalid timezone "${value}": expected an IANA time zone such as "Europe/Paris".`);
  }

  return value;
}
