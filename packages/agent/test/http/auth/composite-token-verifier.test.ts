import type { Caller } from '@platform/datasource-toolkit';
import { createCompositeTokenVerifier, type TokenVerifier } from '../../../src/http/auth/token-verifier';
import { makeClaims, signToken } from '../../factories/tokens';

/** A verifier taking HS256 tokens, accepting only those listed. */
function fakeVerifier(accepted: Set<string>): TokenVerifier & { canVerify: jest.Mock; verify: jest.Mock } {
  return {
    canVerify: jest.fn((header) => header.alg === 'HS256'),
    verify: jest.fn(async (token: string) => {
      if (!accepted.has(token)) throw Object.assign(new Error('bad token'), { name: 'InvalidTokenError' });
      return { id: 1 } as Caller;
    }),
  };
}

describe('createCompositeTokenVerifier: remembered choice of verifier', () => {
  test('decodes the header of a token that verified once, then hands it straight to its verifier', async () => {
    const token = await signToken();
    const verifier = fakeVerifier(new Set([token]));
    const composite = createCompositeTokenVerifier([verifier]);

    await composite.verify(token);
    await composite.verify(token);

    expect(verifier.canVerify).toHaveBeenCalledTimes(1);
    // The verifier itself still checks the token every time (its own cache re-checks expiry).
    expect(verifier.verify).toHaveBeenCalledTimes(2);
  });

  test('does not remember tokens that failed verification', async () => {
    const token = await signToken({ claims: makeClaims({ id: 2 }) });
    const verifier = fakeVerifier(new Set());
    const composite = createCompositeTokenVerifier([verifier]);

    await expect(composite.verify(token)).rejects.toMatchObject({ name: 'InvalidTokenError' });
    await expect(composite.verify(token)).rejects.toMatchObject({ name: 'InvalidTokenError' });

    expect(verifier.canVerify).toHaveBeenCalledTimes(2);
  });

  test('still rejects a token no verifier takes, every time', async () => {
    const composite = createCompositeTokenVerifier([{ ...fakeVerifier(new Set()), canVerify: () => false }]);
    const token = await signToken();

    for (let attempt = 0; attempt < 2; attempt += 1) {
      await expect(composite.verify(token)).rejects.toMatchObject({ name: 'InvalidTokenError' });
    }
  });
});
