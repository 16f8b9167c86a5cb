import { exceedsDepth, MAX_BODY_DEPTH } from '../../../src/http/middlewares/limit-body-depth';

/** Arrays nested `depth` levels: `[]` is 1, `[[]]` is 2. */
function nested(depth: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < depth; level += 1) value = [value];
  return value;
}

describe('exceedsDepth', () => {
  test('accepts a body nested exactly MAX_BODY_DEPTH levels', () => {
    expect(exceedsDepth(nested(MAX_BODY_DEPTH), MAX_BODY_DEPTH)).toBe(false);
  });

  test('refuses one level more', () => {
    expect(exceedsDepth(nested(MAX_BODY_DEPTH + 1), MAX_BODY_DEPTH)).toBe(true);
  });

  test('counts objects and arrays alike, and scalars not at all', () => {
    expect(exceedsDepth({ a: [{ b: 'text' }] }, 3)).toBe(false);
    expect(exceedsDepth({ a: [{ b: {} }] }, 3)).toBe(true);
    expect(exceedsDepth('text', 0)).toBe(false);
  });

  test('walks 100,000 levels without overflowing the stack', () => {
    expect(exceedsDepth(nested(100_000), MAX_BODY_DEPTH)).toBe(true);
  });
});
