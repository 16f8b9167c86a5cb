import { runNo500Property } from './bad-input/no-500.property';

describe('no 5xx for random input over SQLite', () => {
  runNo500Property('sqlite', 200);
});
