import { normalizeUserCode } from '@platform/platform-api/src/cloud/cloud-tokens';
import { answerDeviceCode } from '@platform/platform-api/src/cloud/device-codes';
import type { User } from '@platform/platform-api/src/generated/prisma/client';
import type { CliHome } from './cli-home';
import type { CloudTestPlatform } from './cloud-platform';
import { type CliRun, runCli } from './run-cli';

/** The page and code `login` prints on stderr. */
export interface DevicePrompt {
  readonly url: string;
  readonly userCode: string;
}

/** Reads the device page URL and the user code from what `login` wrote so far. */
export function devicePromptOf(stderr: string): DevicePrompt | undefined {
  const url = /^ {2}(http\S+\/cloud\/device\?user_code=\S+)$/m.exec(stderr)?.[1];
  const userCode = /approve the code ([A-Z]{4}-[A-Z]{4}):/.exec(stderr)?.[1];
  return url && userCode ? { url, userCode } : undefined;
}

/**
 * Runs `platform-cloud login` and, once it prints its code, answers it with `answer` (approve it
 * on the page in a browser, or through the platform's device-code service).
 */
export async function loginWith(
  platform: CloudTestPlatform,
  home: CliHome,
  answer: (prompt: DevicePrompt) => Promise<void>,
  argv: readonly string[] = [],
): Promise<CliRun> {
  let stderr = '';
  let answering: Promise<void> | undefined;
  const result = await runCli(['login', '--platform-url', platform.url, ...argv], {
    cwd: home.cwd,
    env: home.env(),
    onStderr: (text) => {
      stderr += text;
      const prompt = devicePromptOf(stderr);
      if (prompt && !answering) answering = answer(prompt);
    },
  });
  await answering;
  return result;
}

/** Answers the code as the device page does when `user` clicks Approve (or Deny). */
export function answerAs(platform: CloudTestPlatform, user: User, decision: 'approve' | 'deny' = 'approve') {
  return async (prompt: DevicePrompt): Promise<void> => {
    const code = normalizeUserCode(prompt.userCode);
    if (!code) throw new Error(`not a user code: ${prompt.userCode}`);
    await answerDeviceCode(platform.context, code, user, decision);
  };
}

/** Signs `user` in through `login`, the code approved as on the page; throws when it fails. */
export async function signIn(platform: CloudTestPlatform, home: CliHome, user: User): Promise<void> {
  const result = await loginWith(platform, home, answerAs(platform, user));
  if (result.exitCode !== 0) throw new Error(`login failed (${result.exitCode}): ${result.stderr}`);
}
