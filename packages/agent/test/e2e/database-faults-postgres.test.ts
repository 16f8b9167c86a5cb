import { describeWithService } from '@platform/tooling/test-services';
import { runDatabaseFaults } from './database-faults.case';

describeWithService('postgres', 'agent over PostgreSQL whose connections the server ends', () => {
  runDatabaseFaults('postgres');
});
