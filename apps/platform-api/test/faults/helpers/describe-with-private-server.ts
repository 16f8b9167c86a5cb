import { describeWithService, isServiceRequired, type ServiceName } from '@platform/tooling/test-services';

/**
 * `describeWithService` for a block that also runs a private instance of the service (its binaries
 * on this machine): skipped with `unavailableReason` when it cannot, or failing under
 * PLATFORM_REQUIRE_SERVICES=1 as a missing service does.
 */
export function describeWithPrivateServer(
  services: ServiceName | ServiceName[],
  unavailableReason: string | undefined,
  name: string,
  fn: () => void,
): void {
  if (unavailableReason === undefined) {
    describeWithService(services, name, fn);
    return;
  }
  if (isServiceRequired()) {
    describe(name, () => {
      test(`requires private ${[services].flat().join(' and ')} servers`, () => {
        throw new Error(`${unavailableReason}; PLATFORM_REQUIRE_SERVICES=1 makes it a failure.`);
      });
    });
    return;
  }
  console.warn(`[skipped] ${name}: ${unavailableReason}`);
  describe.skip(`${name} [skipped: ${unavailableReason}]`, fn);
}
