import { NOT_RELAYED_COMMANDS } from '../../../src/cli/commands/not-relayed-commands';
import { createProgram } from '../../../src/cli/program';
import { isRelayable, notRelayedReason } from '../../../src/cli/relay/relayed-commands';

const { program } = createProgram({ stdout: () => {}, stderr: () => {}, env: {} });
const registered = program.commands.map((command) => command.name());

describe('the commands a running server relays', () => {
  test.each(registered)('%s is either relayed or listed, with why, among the commands that are not', (name) => {
    const isListed = Object.hasOwn(NOT_RELAYED_COMMANDS, name);

    expect(isRelayable([name, '--help'])).toBe(!isListed);
  });

  test('every command listed as not relayed is a registered command', () => {
    expect(registered).toEqual(expect.arrayContaining(Object.keys(NOT_RELAYED_COMMANDS)));
  });

  test('start, migrate and worker are not relayed, and say why', () => {
    expect(notRelayedReason(['start'])).toBe(
      'start is not run for another process: it serves, holding the database itself.',
    );
    expect(notRelayedReason(['migrate', '--status'])).toMatch(/^migrate is not run for another process: it changes/);
    expect(notRelayedReason(['worker'])).toMatch(/^worker is not run for another process: it keeps running/);
  });

  test.each([
    ['environments', ['environments', 'set-url']],
    ['workflows', ['workflows', 'trigger', 'enable', '3']],
    ['keys', ['keys', 'list']],
  ])('a row-only command such as %s is relayed', (_name, argv) => {
    expect(notRelayedReason(argv)).toBeUndefined();
  });

  test('arguments that start with an option name no command and are not relayed', () => {
    expect(notRelayedReason(['--json', 'users', 'list'])).toBe('The arguments name no command.');
  });
});
