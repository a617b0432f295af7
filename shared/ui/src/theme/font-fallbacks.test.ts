import arial from '@capsizecss/metrics/arial';
import poppins from '@capsizecss/metrics/poppins';
import { FALLBACK_FACES, fallbackFontFaceRule, withMetricFallback } from './font-fallbacks';

describe('metric-matched fallbacks of the bundled fonts', () => {
  it('puts the fallback right after a bundled family, however the stack is written, and leaves other stacks alone', () => {
    expect(withMetricFallback(`'Poppins', sans-serif`)).toBe(`'Poppins', 'Poppins Fallback', sans-serif`);
    expect(withMetricFallback('Roboto, sans-serif')).toBe(`Roboto, 'Roboto Fallback', sans-serif`);
    expect(withMetricFallback(`"Inter"`)).toBe(`"Inter", 'Inter Fallback'`);
    expect(withMetricFallback(`'Comic Sans MS', cursive`)).toBe(`'Comic Sans MS', cursive`);
    expect(withMetricFallback('sans-serif')).toBe('sans-serif');
  });

  it("lays a line of Poppins out in a local Arial-compatible font scaled and spaced to Poppins's metrics", () => {
    const { source, descriptors } = FALLBACK_FACES.Poppins;
    expect(source).toBe(`local("Arial"), local("ArialMT"), local("Liberation Sans"), local("LiberationSans")`);
    // Scaled to Poppins's average width; its line box (ascent, descent, gap) is then Poppins's own.
    const scale = poppins.xWidthAvg / poppins.unitsPerEm / (arial.xWidthAvg / arial.unitsPerEm);
    expect(parseFloat(descriptors.sizeAdjust!) / 100).toBeCloseTo(scale, 3);
    const lineBox = (['ascentOverride', 'descentOverride', 'lineGapOverride'] as const).map((name) => (parseFloat(descriptors[name]!) / 100) * scale);
    expect(lineBox[0]).toBeCloseTo(poppins.ascent / poppins.unitsPerEm, 3);
    expect(lineBox[1]).toBeCloseTo(-poppins.descent / poppins.unitsPerEm, 3);
    expect(lineBox[2]).toBeCloseTo(poppins.lineGap / poppins.unitsPerEm, 3);
  });

  it('writes the fallback as an @font-face rule for a stylesheet', () => {
    const rule = fallbackFontFaceRule('Poppins')!;
    expect(rule).toMatch(/^@font-face\{font-family:"Poppins Fallback";src:local\("Arial"\), .*;ascent-override:[\d.]+%;descent-override:[\d.]+%;line-gap-override:[\d.]+%;size-adjust:[\d.]+%\}$/);
    expect(fallbackFontFaceRule('Comic Sans MS')).toBeNull();
  });
});
