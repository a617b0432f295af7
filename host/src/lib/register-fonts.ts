import { FALLBACK_FACES, fallbackFontFaceRule } from '@portal/ui/base';
// The bundled fonts of the display settings (the CSP allows fonts from 'self' only). Each face is
// registered with the browser but downloaded only when text in that font is drawn, so the fonts a
// user does not pick cost nothing. webpack emits each woff2 file as a hashed asset of the host.
const WEIGHTS = [400, 500, 600, 700] as const;

export const FACES: { family: string; files: Record<(typeof WEIGHTS)[number], URL> }[] = [
  {
    family: 'Poppins',
    files: {
      400: new URL('../../node_modules/@fontsource/poppins/files/poppins-latin-400-normal.woff2', import.meta.url),
      500: new URL('../../node_modules/@fontsource/poppins/files/poppins-latin-500-normal.woff2', import.meta.url),
      600: new URL('../../node_modules/@fontsource/poppins/files/poppins-latin-600-normal.woff2', import.meta.url),
      700: new URL('../../node_modules/@fontsource/poppins/files/poppins-latin-700-normal.woff2', import.meta.url),
    },
  },
  {
    family: 'Inter',
    files: {
      400: new URL('../../node_modules/@fontsource/inter/files/inter-latin-400-normal.woff2', import.meta.url),
      500: new URL('../../node_modules/@fontsource/inter/files/inter-latin-500-normal.woff2', import.meta.url),
      600: new URL('../../node_modules/@fontsource/inter/files/inter-latin-600-normal.woff2', import.meta.url),
      700: new URL('../../node_modules/@fontsource/inter/files/inter-latin-700-normal.woff2', import.meta.url),
    },
  },
  {
    family: 'Roboto',
    files: {
      400: new URL('../../node_modules/@fontsource/roboto/files/roboto-latin-400-normal.woff2', import.meta.url),
      500: new URL('../../node_modules/@fontsource/roboto/files/roboto-latin-500-normal.woff2', import.meta.url),
      600: new URL('../../node_modules/@fontsource/roboto/files/roboto-latin-600-normal.woff2', import.meta.url),
      700: new URL('../../node_modules/@fontsource/roboto/files/roboto-latin-700-normal.woff2', import.meta.url),
    },
  },
];

export function registerFonts(): void {
  if (typeof FontFace === 'undefined' || !document.fonts) return;
  for (const { family, files } of FACES) {
    for (const weight of WEIGHTS) {
      const face = new FontFace(family, `url(${files[weight].href}) format('woff2')`, { weight: String(weight), style: 'normal', display: 'swap' });
      document.fonts.add(face);
    }
    // Its metric-matched fallback (a local font), in which text is laid out until the face arrives.
    const fallback = FALLBACK_FACES[family];
    if (fallback) document.fonts.add(new FontFace(fallback.family, fallback.source, fallback.descriptors));
  }
}

/**
 * The same faces as CSS rules, for markup drawn before this module has run (the shell's snapshot,
 * host/src/lib/shell-snapshot.ts): each face's file, then its metric-matched fallback.
 */
export function fontFaceRules(): string {
  return FACES.flatMap(({ family, files }) => [
    ...WEIGHTS.map((weight) => `@font-face{font-family:${JSON.stringify(family)};src:url(${JSON.stringify(files[weight].href)}) format("woff2");font-weight:${weight};font-display:swap}`),
    fallbackFontFaceRule(family) ?? '',
  ]).join('');
}
