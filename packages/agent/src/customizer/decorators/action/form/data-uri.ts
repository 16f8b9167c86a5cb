/** A `File` form value as `execute` receives it, decoded from the data URI the form sent. */
export interface ActionFile {
  readonly mimeType: string;
  readonly buffer: Buffer;
  readonly name: string;
  readonly charset?: string;
}

const DATA_URI = /^data:([a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+)((?:;[^;,]*)*),(.*)$/is;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Decodes `data:<mime>;name=<name>;base64,<data>` (the name URI-encoded, an optional
 * `charset=`; without `;base64` the data is URI-encoded text). A missing name is `file`.
 * Returns null when `value` is not such a data URI.
 */
export function parseDataUri(value: unknown): ActionFile | null {
  if (typeof value !== 'string') return null;
  const match = DATA_URI.exec(value);
  if (match === null) return null;
  const [, mimeType = '', rawParameters = '', data = ''] = match;

  let name = 'file';
  let charset: string | undefined;
  let isBase64 = false;
  try {
    for (const parameter of rawParameters.split(';').filter((part) => part !== '')) {
      const [key = '', ...rest] = parameter.split('=');
      const parameterValue = decodeURIComponent(rest.join('='));
      if (key.toLowerCase() === 'base64' && rest.length === 0) isBase64 = true;
      else if (key.toLowerCase() === 'name') name = parameterValue;
      else if (key.toLowerCase() === 'charset') charset = parameterValue;
    }

    const buffer = isBase64 ? decodeBase64(data) : Buffer.from(decodeURIComponent(data), 'utf8');
    if (buffer === null) return null;

    return { mimeType: mimeType.toLowerCase(), buffer, name, ...(charset === undefined ? {} : { charset }) };
  } catch {
    // decodeURIComponent throws on malformed escapes: not a valid data URI.
    return null;
  }
}

/** Encodes a file as the data URI forms exchange. */
export function toDataUri(file: ActionFile): string {
  const charset = file.charset === undefined ? '' : `;charset=${encodeURIComponent(file.charset)}`;

  return `data:${file.mimeType}${charset};name=${encodeURIComponent(file.name)};base64,${file.buffer.toString('base64')}`;
}

/** True for the `{ mimeType, buffer, name }` shape of `ActionFile`. */
export function isActionFile(value: unknown): value is ActionFile {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Partial<ActionFile>;

  return typeof file.mimeType === 'string' && typeof file.name === 'string' && Buffer.isBuffer(file.buffer);
}

function decodeBase64(data: string): Buffer | null {
  const compact = data.replace(/\s/g, '');
  if (!BASE64.test(compact) || compact.length % 4 === 1) return null;

  return Buffer.from(compact, 'base64');
}
