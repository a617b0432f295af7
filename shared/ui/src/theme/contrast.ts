// WCAG 2 contrast, so the theme can pick shades that keep white text readable (4.5:1 for normal text).

const channel = (c: number): number => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

export function luminance(hex: string): number {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return 0;
  const n = parseInt(m[1], 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The first shade that reaches `min` contrast against `text`, else the one with the most. */
export function readableShade(shades: readonly string[], text = '#ffffff', min = 4.5): string {
  const ok = shades.find((s) => contrastRatio(s, text) >= min);
  if (ok) return ok;
  return [...shades].sort((a, b) => contrastRatio(b, text) - contrastRatio(a, text))[0];
}

/**
 * The colour itself when it reaches `min` against the background, else the same hue darkened (on a
 * light background) or lightened (on a dark one) in small steps until it does: for presets such as
 * amber or orange, where no shade is readable as text on white.
 */
export function withContrast(color: string, background: string, min = 4.5): string {
  const towardsText = luminance(background) > 0.5 ? darken : lighten;
  let candidate = color;
  for (let step = 1; contrastRatio(candidate, background) < min && step <= 10; step += 1) candidate = towardsText(color, step / 10);
  return candidate;
}

// MUI's darken and lighten (the same arithmetic, channels truncated as MUI recomposes them), written
// here so the theme maths needs no MUI: the sign-in page derives its colours without loading it.
const mix = (hex: string, shift: (channel: number) => number): string => {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return hex;
  const n = parseInt(m[1], 16);
  const channels = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => Math.trunc(shift(c)));
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
};

export const darken = (hex: string, amount: number): string => mix(hex, (c) => c * (1 - amount));
export const lighten = (hex: string, amount: number): string => mix(hex, (c) => c + (255 - c) * amount);
