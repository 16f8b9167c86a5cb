/** True when `name` is an IANA time zone this runtime knows (`Europe/Paris`, `UTC`). */
export function isValidTimezone(name: string): boolean {
  if (name === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
