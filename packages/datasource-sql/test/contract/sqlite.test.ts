import { runSqlContract } from './run-sql-contract';

describe('SQL data source contract on SQLite', () => {
  runSqlContract('sqlite');
});
