import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lockDataDir } from '../../src/db/data-dir-lock';

describe('lockDataDir', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'platform-api-lock-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  test('refuses a second lock while the first is held', () => {
    const release = lockDataDir(dataDir);

    expect(() => lockDataDir(dataDir)).toThrow(
      expect.objectContaining({ name: 'DataDirInUseError', message: expect.stringContaining(String(process.pid)) }),
    );
    release();
  });

  test('locks again once released', () => {
    lockDataDir(dataDir)();

    const release = lockDataDir(dataDir);

    expect(existsSync(path.join(dataDir, 'platform-api.lock'))).toBe(true);
    release();
    expect(existsSync(path.join(dataDir, 'platform-api.lock'))).toBe(false);
  });

  test('takes over a lock left by a process that no longer runs', () => {
    // PIDs are below 2^22 on Linux: this one cannot be running.
    writeFileSync(path.join(dataDir, 'platform-api.lock'), '99999999');

    expect(() => lockDataDir(dataDir)()).not.toThrow();
  });
});
