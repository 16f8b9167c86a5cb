import { refuseStatusChange } from '../src/order-status';

describe('refuseStatusChange', () => {
  test.each([
    ['pending', 'paid'],
    ['pending', 'cancelled'],
    ['paid', 'shipped'],
    ['paid', 'cancelled'],
    ['shipped', 'shipped'],
  ] as const)('lets a %s order become %s', (from, to) => {
    expect(refuseStatusChange(from, to)).toBeUndefined();
  });

  test('says what a status may become instead', () => {
    expect(refuseStatusChange('pending', 'shipped')).toBe(
      'A pending order cannot become shipped: it can only become paid or cancelled.',
    );
  });

  test.each([
    ['shipped', 'pending'],
    ['cancelled', 'paid'],
  ] as const)('says a %s order is final', (from, to) => {
    expect(refuseStatusChange(from, to)).toBe(`A ${from} order cannot become ${to}: ${from} is final.`);
  });
});
