/** The 403 body `requireApplicationToken` answers with `reason`. */
export const forbidden = (reason: string) => ({ error: 'Forbidden', message: `Insufficient permissions: ${reason}` });
