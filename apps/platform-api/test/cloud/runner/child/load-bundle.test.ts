import { describeError } from '../../../../src/cloud/runner/child/describe-error';
import { loadBundle } from '../../../../src/cloud/runner/child/load-bundle';

const HOST = { '@platform/agent': () => ({ isHostAgent: true }) };

/** What `loadBundle` threw, described as the customer reads it. */
function failureOf(code: string): { name: string; text: string } {
  try {
    loadBundle(code, 4, HOST);
  } catch (error) {
    return { name: (error as Error).name, text: describeError(error) };
  }
  throw new Error('the bundle loaded');
}

describe('loadBundle', () => {
  test.each([
    ['the default export', 'exports.default = (agent) => agent;'],
    ['a named customize export', 'exports.customize = (agent) => agent;'],
    ['module.exports itself', 'module.exports = (agent) => agent;'],
  ])('returns %s as the customization function', (_what, code) => {
    const customize = loadBundle(code, 1, HOST);

    expect(customize('the agent')).toBe('the agent');
  });

  test('prefers the default export over customize', () => {
    const customize = loadBundle('exports.default = () => "default"; exports.customize = () => "named";', 1, HOST);

    expect(customize(undefined)).toBe('default');
  });

  test("gives the host's own module for a @platform name, and Node's built-in modules", () => {
    const customize = loadBundle(
      'const agent = require("@platform/agent"); const path = require("node:path"); const os = require("os");' +
        'exports.default = () => [agent.isHostAgent, path.join("a", "b"), typeof os.cpus];',
      1,
      HOST,
    );

    expect(customize(undefined)).toEqual([true, 'a/b', 'function']);
  });

  test('refuses any other package, naming it and what may be required', () => {
    const failure = failureOf('\nrequire("lodash");');

    expect(failure.name).toBe('BundleLoadError');
    expect(failure.text).toMatch(
      /^BundleLoadError: Cannot require 'lodash': a bundle may require @platform\/agent and Node's/,
    );
    expect(failure.text).toMatch(/\n {4}at .*bundle-v4\.js:2:1/);
  });

  test.each([
    ['nothing', ''],
    ['a number', 'exports.default = 3;'],
    ['an object of no function', 'exports.other = () => {};'],
  ])('refuses a bundle that exports %s', (_what, code) => {
    expect(failureOf(code)).toEqual({
      name: 'BundleLoadError',
      text: 'BundleLoadError: The bundle exports no customization function: export default (agent) => { … }, or export function customize(agent).',
    });
  });

  test("throws what the bundle's top level throws, pointing at the bundle's line", () => {
    expect(failureOf('const x = 1;\nnull.boom;')).toEqual({
      name: 'TypeError',
      text: expect.stringMatching(
        /^TypeError: Cannot read properties of null \(reading 'boom'\)\n {4}at bundle-v4\.js:2:6$/,
      ),
    });
  });

  test('throws a SyntaxError for code that does not parse', () => {
    expect(failureOf('exports.default = (;').name).toBe('SyntaxError');
  });
});
