import { credentialsPath } from '../../src/credentials/credentials-path';

describe('credentialsPath', () => {
  test('is under XDG_CONFIG_HOME when it is set', () => {
    expect(credentialsPath({ HOME: '/home/ada', XDG_CONFIG_HOME: '/xdg' }, 'linux')).toBe(
      '/xdg/platform/credentials.json',
    );
  });

  test('is under ~/.config without XDG_CONFIG_HOME, or with a relative one (the XDG spec ignores it)', () => {
    expect(credentialsPath({ HOME: '/home/ada' }, 'linux')).toBe('/home/ada/.config/platform/credentials.json');
    expect(credentialsPath({ HOME: '/home/ada', XDG_CONFIG_HOME: 'relative' }, 'darwin')).toBe(
      '/home/ada/.config/platform/credentials.json',
    );
  });

  test('is under %APPDATA% on Windows', () => {
    expect(credentialsPath({ APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, 'win32')).toBe(
      'C:\\Users\\ada\\AppData\\Roaming\\platform\\credentials.json',
    );
  });
});
