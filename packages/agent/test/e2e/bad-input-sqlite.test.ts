import { runBadInputSuite } from './bad-input/bad-input.case';

describe('bad input over SQLite', () => {
  runBadInputSuite('sqlite');
});
