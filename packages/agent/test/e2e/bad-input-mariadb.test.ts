import { describeWithService } from '@platform/tooling/test-services';
import { runBadInputSuite } from './bad-input/bad-input.case';

describeWithService('mariadb', 'bad input over MariaDB', () => {
  runBadInputSuite('mariadb');
});
