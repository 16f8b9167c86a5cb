import { runAgentContractSuite } from '@platform/platform-contract/testing';
import { describeWithService } from '@platform/tooling/test-services';
import { startAgentPlatform } from './agent-platform';

// The contract suite every server of the agent contract passes, on both databases of platform-api.
runAgentContractSuite('platform-api [pglite]', () => startAgentPlatform('pglite'));

describeWithService('postgres', 'platform-api [postgres]', () => {
  runAgentContractSuite('platform-api [postgres]', () => startAgentPlatform('postgres'));
});
