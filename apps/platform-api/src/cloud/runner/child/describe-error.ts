/**
 * One error as a customer reads it in `publish` and `logs`: its first line (`TypeError: …`) and,
 * when the stack has one, its first frame (where the bundle threw).
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return `Thrown: ${String(error)}`;
  const firstLine = `${error.name}: ${error.message}`.split('\n')[0] ?? error.name;
  const frame = error.stack
    ?.split('\n')
    .map((line) => line.trim())
    .find((line) => line.startsWith('at '));
  return frame === undefined ? firstLine : `${firstLine}\n    ${frame}`;
}
