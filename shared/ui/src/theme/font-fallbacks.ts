import { createFontStack } from '@capsizecss/core';
import arial from '@capsizecss/metrics/arial';
import inter from '@capsizecss/metrics/inter';
import poppins from '@capsizecss/metrics/poppins';
import roboto from '@capsizecss/metrics/roboto';

// Until a bundled face has arrived, the browser lays the text out in a fallback (invisibly during a
// block period). A fallback drawn to the face's metrics (size-adjust and the ascent, descent and line
// gap overrides, computed by Capsize from both fonts' metrics) takes the same room, so nothing moves
// when the face arrives: no layout shift (issue 21).

/** Local fonts with Arial's metrics: Arial itself (Windows, macOS) and Liberation Sans, made to Arial's metrics (most Linux systems). */
const ARIAL_COMPATIBLE = ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans'];

export interface FallbackFace {
  /** The fallback's family name, e.g. `Poppins Fallback`. */
  family: string;
  /** Its `src`: the local Arial-compatible fonts. */
  source: string;
  descriptors: { ascentOverride?: string; descentOverride?: string; lineGapOverride?: string; sizeAdjust?: string };
}

const unquote = (name: string) => name.replace(/^(['"])(.*)\1$/, '$2');

/** The fallback face of each bundled family, by the family's name. */
export const FALLBACK_FACES: Readonly<Record<string, FallbackFace>> = Object.fromEntries(
  [poppins, inter, roboto].map((metrics) => {
    const [face] = createFontStack([metrics, arial], { fontFaceFormat: 'styleObject' }).fontFaces;
    const { fontFamily, src: _arialOnly, ...descriptors } = face['@font-face'];
    const fallback: FallbackFace = {
      family: unquote(String(fontFamily)),
      source: ARIAL_COMPATIBLE.map((name) => `local(${JSON.stringify(name)})`).join(', '),
      descriptors: descriptors as FallbackFace['descriptors'],
    };
    return [metrics.familyName, fallback];
  }),
);

/**
 * `fontFamily` (a display setting, e.g. `'Poppins', sans-serif`) with the metric-matched fallback of
 * its first family right after it, when that family is a bundled one; any other stack as it is.
 */
export function withMetricFallback(fontFamily: string): string {
  const first = /^\s*(['"]?)([^,'"]+)\1\s*(?=,|$)/.exec(fontFamily);
  const fallback = first && FALLBACK_FACES[first[2].trim()];
  if (!first || !fallback) return fontFamily;
  return `${first[0]}, '${fallback.family}'${fontFamily.slice(first[0].length)}`;
}

const CSS_NAMES = { ascentOverride: 'ascent-override', descentOverride: 'descent-override', lineGapOverride: 'line-gap-override', sizeAdjust: 'size-adjust' } as const;

/** The @font-face rule of a family's fallback, for a stylesheet (the prerendered sign-in page's). */
export function fallbackFontFaceRule(family: string): string | null {
  const face = FALLBACK_FACES[family];
  if (!face) return null;
  const descriptors = Object.entries(face.descriptors).map(([name, value]) => `${CSS_NAMES[name as keyof typeof CSS_NAMES]}:${value}`);
  return `@font-face{${[`font-family:${JSON.stringify(face.family)}`, `src:${face.source}`, ...descriptors].join(';')}}`;
}
