import { TOOLKIT_PLACEHOLDER } from '@platform/datasource-toolkit';

test('loads', () => {
  expect(TOOLKIT_PLACEHOLDER).toBe(true);
});
