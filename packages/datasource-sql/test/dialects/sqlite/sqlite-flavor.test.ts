import { likeToGlob } from '../../../src/dialects/sqlite/sqlite-flavor';

describe('likeToGlob', () => {
  test.each([
    ['%war%', '*war*'],
    ['_he %', '?he *'],
    ['50\\%', '50%'],
    ['a\\_b', 'a_b'],
    ['a*b?c[d]', 'a[*]b[?]c[[]d]'],
    ['back\\\\slash', 'back\\slash'],
  ])('translates %s into %s', (like, glob) => {
    expect(likeToGlob(like)).toBe(glob);
  });
});
