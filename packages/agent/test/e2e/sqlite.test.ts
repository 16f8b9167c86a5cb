import { runAgentE2e } from './agent-e2e.case';

describe('agent end to end over SQLite', () => {
  runAgentE2e('sqlite');
});
