import { hashSchema, serializeSchema } from '../../src/schema/serialize-schema';

describe('serializeSchema', () => {
  test('sorts keys at every depth, indents with 2 spaces and ends with a newline', () => {
    const text = serializeSchema({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null } });

    expect(text).toBe(
      '{\n  "a": {\n    "c": null,\n    "d": [\n      {\n        "y": 2,\n        "z": 1\n      }\n    ]\n  },\n  "b": 1\n}\n',
    );
  });

  test('keeps the order of arrays', () => {
    expect(serializeSchema(['b', 'a'])).toBe('[\n  "b",\n  "a"\n]\n');
  });
});

describe('hashSchema', () => {
  test('does not depend on key order', () => {
    expect(hashSchema({ a: 1, b: 2 })).toBe(hashSchema({ b: 2, a: 1 }));
  });
});
