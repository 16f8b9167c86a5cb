/** True for Prisma's "unique constraint failed" error (P2002), compared by code, not class. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2002';
}

/** True for Prisma's "foreign key constraint failed" error (P2003): the row referred to is gone. */
export function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2003';
}
