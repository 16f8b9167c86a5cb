import { ValidationError } from '@platform/datasource-toolkit';
import type { BinaryMode } from './types';

const HEX = /^(?:[0-9a-fA-F]{2})*$/;
const DATA_URI = /^data:([\w.+-]+\/[\w.+-]+)?((?:;[\w.+-]+=[^;,]*)*)(;base64)?,(.*)$/s;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Magic numbers of the file types a data URI names; anything else is `application/octet-stream`. */
const SIGNATURES: ReadonlyArray<{
  readonly mime: string;
  readonly bytes: readonly number[];
  readonly offset?: number;
}> = [
  { mime: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] },
  { mime: 'image/webp', bytes: [0x57, 0x45, 0x42, 0x50], offset: 8 },
  { mime: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46] },
  { mime: 'application/zip', bytes: [0x50, 0x4b, 0x03, 0x04] },
];

/** The string form of a binary value read from the database; other values pass unchanged. */
export function encodeBinary(value: unknown, mode: BinaryMode): unknown {
  if (!(value instanceof Uint8Array)) return value;
  const buffer = Buffer.from(value.buffer, value.byteOffset, value.byteLength);

  return mode === 'hex' ? buffer.toString('hex') : `data:${sniffMimeType(buffer)};base64,${buffer.toString('base64')}`;
}

/**
 * The Buffer a string written by the user stands for. Null passes; Buffers pass unchanged.
 * @param path the field, for error messages (`books.cover`).
 * @throws ValidationError when the string is not of the mode's format.
 */
export function decodeBinary(value: unknown, mode: BinaryMode, path: string): unknown {
  if (value === null || value === undefined || value instanceof Uint8Array) return value;
  if (typeof value === 'string') {
    const decoded = mode === 'hex' ? decodeHex(value) : decodeDataUri(value);
    if (decoded) return decoded;
  }
  const expected =
    mode === 'hex'
      ? 'an even-length hexadecimal string such as "0a1b2c"'
      : 'a data URI such as "data:image/png;base64,iVBORw0KGgo="';
  const got =
    typeof value === 'string' ? JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value) : typeof value;
  throw new ValidationError(`Invalid value for '${path}' (binary, ${mode} mode): expected ${expected}, got ${got}.`, {
    details: { field: path, mode },
  });
}

export function sniffMimeType(buffer: Uint8Array): string {
  const signature = SIGNATURES.find(({ bytes, offset = 0 }) =>
    bytes.every((byte, index) => buffer[offset + index] === byte),
  );

  return signature?.mime ?? 'application/octet-stream';
}

function decodeHex(value: string): Buffer | undefined {
  return HEX.test(value) ? Buffer.from(value, 'hex') : undefined;
}

function decodeDataUri(value: string): Buffer | undefined {
  const match = DATA_URI.exec(value);
  if (!match) return undefined;
  const [, , , base64, data = ''] = match;
  if (base64) {
    const compact = data.replace(/\s/g, '');
    return BASE64.test(compact) && compact.length % 4 === 0 ? Buffer.from(compact, 'base64') : undefined;
  }

  return decodePercent(data);
}

/** `%XX` escapes are bytes; other characters must be ASCII. */
function decodePercent(data: string): Buffer | undefined {
  const bytes: number[] = [];
  for (let index = 0; index < data.length; index += 1) {
    if (data[index] === '%') {
      const hex = data.slice(index + 1, index + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) return undefined;
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      const code = data.charCodeAt(index);
      if (code > 0x7f) return undefined;
      bytes.push(code);
    }
  }

  return Buffer.from(bytes);
}
