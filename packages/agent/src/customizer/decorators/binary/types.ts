/**
 * How a binary column travels to the user:
 * - `datauri`: `data:<mime type>;base64,<data>`, published as a `File` column (file-picker widget);
 * - `hex`: lowercase hexadecimal, published as a `String` column (short binary ids such as UUIDs).
 */
export type BinaryMode = 'datauri' | 'hex';

export const BINARY_MODES: readonly BinaryMode[] = ['datauri', 'hex'];
