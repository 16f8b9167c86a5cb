import { DEFAULT_PLATFORM_URL, resolvePlatformUrl } from '../../src/platform/platform-url';

describe('resolvePlatformUrl', () => {
  test('takes --platform-url first, then PLATFORM_URL, then .env, then the stored login', () => {
    const all = {
      option: 'https://option.example.com',
      environment: 'https://environment.example.com',
      dotenv: 'https://dotenv.example.com',
      credentials: 'https://login.example.com',
    };

    expect(resolvePlatformUrl(all)).toBe('https://option.example.com');
    expect(resolvePlatformUrl({ ...all, option: undefined })).toBe('https://environment.example.com');
    expect(resolvePlatformUrl({ ...all, option: undefined, environment: '' })).toBe('https://dotenv.example.com');
    expect(resolvePlatformUrl({ credentials: 'https://login.example.com' })).toBe('https://login.example.com');
  });

  test('is the local platform when nothing sets it', () => {
    expect(resolvePlatformUrl({})).toBe(DEFAULT_PLATFORM_URL);
  });

  test('drops trailing slashes', () => {
    expect(resolvePlatformUrl({ option: 'https://platform.example.com/base//' })).toBe(
      'https://platform.example.com/base',
    );
  });

  test.each(['not a url', 'ftp://platform.example.com'])('refuses %s as a usage error naming its source', (value) => {
    expect(() => resolvePlatformUrl({ environment: value })).toThrow(
      expect.objectContaining({ name: 'UsageError', message: expect.stringContaining('PLATFORM_URL') }),
    );
  });
});
