import { writtenNumbers } from './numbers';

describe('writtenNumbers', () => {
  it('applies a multiplier only when it is a word of its own', () => {
    expect(writtenNumbers('one rejected batch can cost 500,000 Kč')).toEqual([500000]);
    expect(writtenNumbers('a £1.2k bill, 3m users, 40 km away')).toEqual([1200, 3000000, 40]);
  });
});
