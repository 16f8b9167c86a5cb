import { describeWithService } from '@platform/tooling/test-services';
import { runSqlContract } from './run-sql-contract';

describeWithService('mariadb', 'SQL data source contract on MariaDB', () => {
  runSqlContract('mariadb');
});
