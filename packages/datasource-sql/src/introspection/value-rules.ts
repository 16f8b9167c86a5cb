/**
 * How column values travel between the drivers and the agent. The drivers are configured by each
 * dialect's `*-driver.ts` so that most values already arrive in the shape below; what is left is
 * listed per dialect for query translation.
 *
 * | column type | value in records                                                             |
 * |-------------|------------------------------------------------------------------------------|
 * | Number      | integer/float: JS number. BIGINT: number when \|v\| ≤ 2^53−1, else a digit    |
 * |             | string. DECIMAL/NUMERIC: number when it has at most 15 significant digits     |
 * |             | (exact in a double), else the exact decimal string.                          |
 * | Boolean     | true/false (MySQL TINYINT(1) converted by the driver; SQLite stores 0/1:     |
 * |             | query translation converts).                                                 |
 * | Dateonly    | `YYYY-MM-DD` string (never a Date: no time zone shift).                       |
 * | Date        | JS Date. PostgreSQL/MySQL timestamps without time zone are read as UTC;      |
 * |             | SQLite stores text: query translation parses it.                             |
 * | Time        | `HH:MM:SS[.ffffff]` string.                                                  |
 * | Json        | parsed value (MariaDB JSON is LONGTEXT and SQLite JSON is TEXT: parse them). |
 * | Binary      | Buffer.                                                                      |
 * | Point       | PostgreSQL: `{ x, y }`.                                                      |
 * | [T]         | PostgreSQL arrays: JS arrays (elements of int8/numeric arrays stay strings).  |
 *
 * SQLite integers beyond 2^53−1 lose precision (better-sqlite3 returns doubles).
 */

const MAX_EXACT_DECIMAL_DIGITS = 15;

/** BIGINT text → number when it is a safe integer, else the text itself. */
export function bigintValue(text: string): number | string {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : text;
}

/** DECIMAL/NUMERIC text → number when a double holds it exactly (≤ 15 significant digits). */
export function decimalValue(text: string): number | string {
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text; // NaN, Infinity: keep what the server said
  // At most 15 digits in all (most prices, amounts...): exact, without counting significant ones.
  const signAndPoint = (text.charCodeAt(0) === 45 ? 1 : 0) + (text.includes('.') ? 1 : 0);
  if (text.length - signAndPoint <= MAX_EXACT_DECIMAL_DIGITS) return Number(text);
  const digits = text.replace(/^-/, '').replace('.', '').replace(/^0+/, '');
  const significant = text.includes('.') ? digits.replace(/0+$/, '') : digits;
  return significant.length <= MAX_EXACT_DECIMAL_DIGITS ? Number(text) : text;
}
