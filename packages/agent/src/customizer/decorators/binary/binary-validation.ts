import type { ValidationRule } from '@platform/datasource-toolkit';
import type { BinaryMode } from './types';

/** Patterns of the strings each mode accepts (decodeBinary is stricter on base64). */
const FORMATS: Record<BinaryMode, string> = {
  hex: '/^(?:[0-9a-fA-F]{2})*$/',
  datauri: '/^data:[^,]*,/',
};

/**
 * The validation rules of a binary column as users see it: the string format of its mode, then the
 * child's rules that still make sense (`Present`, and byte lengths as string lengths in hex mode).
 */
export function binaryValidation(mode: BinaryMode, rules: readonly ValidationRule[] = []): ValidationRule[] {
  const result: ValidationRule[] = [{ operator: 'Match', value: FORMATS[mode] }];
  for (const rule of rules) {
    if (rule.operator === 'Present') result.push(rule);
    if (mode !== 'hex' || typeof rule.value !== 'number') continue;
    // More than n bytes is more than 2n + 1 hex digits; fewer than n bytes, fewer than 2n - 1.
    if (rule.operator === 'LongerThan') result.push({ operator: 'LongerThan', value: rule.value * 2 + 1 });
    if (rule.operator === 'ShorterThan')
      result.push({ operator: 'ShorterThan', value: Math.max(0, rule.value * 2 - 1) });
  }

  return result;
}
