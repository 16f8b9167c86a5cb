const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE = BigInt(ALPHABET.length);

/** Base62 of a non-negative integer, left-padded with `0` to `width` characters. */
export function encodeBase62(value: bigint, width: number): string {
  if (value < 0n) throw new Error('encodeBase62 takes a non-negative integer');
  let digits = '';
  let rest = value;
  while (rest > 0n) {
    digits = ALPHABET[Number(rest % BASE)] + digits;
    rest /= BASE;
  }
  if (digits.length > width) throw new Error(`${value} does not fit in ${width} base62 characters`);
  return digits.padStart(width, ALPHABET[0]);
}

/** The unsigned big-endian integer of `bytes`. */
export function bytesToBigInt(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

export const BASE62_PATTERN = '[0-9A-Za-z]';
