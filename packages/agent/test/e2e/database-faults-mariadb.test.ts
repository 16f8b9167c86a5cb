import { describeWithService } from '@platform/tooling/test-services';
import { runDatabaseFaults } from './database-faults.case';

describeWithService('mariadb', 'agent over MariaDB whose connections the server kills', () => {
  runDatabaseFaults('mariadb');
});
