import { visibleCount } from './overflow';

describe('visibleCount (horizontal menu overflow)', () => {
  it('shows every entry when all fit and stay under the maximum', () => {
    expect(visibleCount([100, 100, 100], 300, 80, 6)).toBe(3);
  });

  it('keeps room for "More Items" once something overflows', () => {
    // 4 x 100 = 400 > 350: with the 80 px More button only 2 fit.
    expect(visibleCount([100, 100, 100, 100], 350, 80, 6)).toBe(2);
  });

  it('never shows more than the maximum', () => {
    expect(visibleCount([10, 10, 10, 10, 10, 10, 10], 1000, 50, 6)).toBe(6);
  });

  it('can collapse everything on a very narrow bar', () => {
    expect(visibleCount([120, 120], 100, 90, 6)).toBe(0);
  });
});
