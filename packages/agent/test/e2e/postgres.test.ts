import { describeWithService } from '@platform/tooling/test-services';
import { runAgentE2e } from './agent-e2e.case';

describeWithService('postgres', 'agent end to end over PostgreSQL', () => {
  runAgentE2e('postgres');
});
