import { FALLBACK_FACES } from '@portal/ui/base';
import { FACES, fontFaceRules, registerFonts } from './register-fonts';

class RecordedFace {
  constructor(
    readonly family: string,
    readonly source: string,
    // size-adjust is a descriptor Chromium takes; TypeScript's DOM types lack it.
    readonly descriptors: FontFaceDescriptors & { sizeAdjust?: string },
  ) {}
}

test('registers every weight of each bundled family, and its metric-matched fallback', () => {
  const added: RecordedFace[] = [];
  Object.assign(globalThis, { FontFace: RecordedFace });
  Object.defineProperty(document, 'fonts', { configurable: true, value: { add: (face: RecordedFace) => added.push(face) } });
  try {
    registerFonts();
  } finally {
    delete (globalThis as { FontFace?: unknown }).FontFace;
    delete (document as { fonts?: unknown }).fonts;
  }
  for (const { family } of FACES) {
    expect(added.filter((face) => face.family === family).map((face) => face.descriptors.weight)).toEqual(['400', '500', '600', '700']);
    const fallback = added.find((face) => face.family === `${family} Fallback`);
    expect(fallback).toEqual(new RecordedFace(`${family} Fallback`, FALLBACK_FACES[family].source, FALLBACK_FACES[family].descriptors));
    expect(fallback?.descriptors.sizeAdjust).toMatch(/^[\d.]+%$/);
  }
});

test('the same faces as CSS rules, each weight of each family with its file, and each fallback', () => {
  const rules = fontFaceRules();
  for (const { family, files } of FACES) {
    for (const [weight, file] of Object.entries(files)) expect(rules).toContain(`@font-face{font-family:"${family}";src:url("${file.href}") format("woff2");font-weight:${weight};font-display:swap}`);
    expect(rules).toContain(`font-family:"${FALLBACK_FACES[family].family}"`);
  }
});
