import { describeWithService } from '@platform/tooling/test-services';
import { runNo500Property } from './bad-input/no-500.property';

describeWithService('postgres', 'no 5xx for random input over PostgreSQL', () => {
  runNo500Property('postgres', 250);
});
