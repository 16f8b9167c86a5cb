import { randomBytes } from 'node:crypto';

/** Eight hex characters, to keep names unique within a shared test database. */
export const uniqueSuffix = (): string => randomBytes(4).toString('hex');
