import { describeWithService } from '@platform/tooling/test-services';
import { runBadInputSuite } from './bad-input/bad-input.case';

describeWithService('postgres', 'bad input over PostgreSQL', () => {
  runBadInputSuite('postgres');
});
