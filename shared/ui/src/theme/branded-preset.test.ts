import { brandedPreset } from './branded-preset';

describe('brandedPreset', () => {
  it('applies the brand colour while the user keeps the default preset', () => {
    expect(brandedPreset('default', 'theme3')).toBe('theme3');
  });

  it("keeps the user's own preset colour over the brand's", () => {
    expect(brandedPreset('theme1', 'theme3')).toBe('theme1');
  });

  it('ignores a missing or unknown brand colour', () => {
    expect(brandedPreset('default', null)).toBe('default');
    expect(brandedPreset('default', 'javascript:alert(1)')).toBe('default');
  });
});
