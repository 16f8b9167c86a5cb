// platform-api's tests take `sleep` from here; its one definition is the monorepo's test helper.
export { sleep } from '@platform/tooling/test-helpers';
