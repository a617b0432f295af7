/** @jsxRuntime automatic */
// Prints the sign-in page as static HTML for the portal to send at /login before any script has run:
// a phone on a slow network sees the form when the HTML arrives instead of after the JavaScript
// (issue 21). React renders it from the page's own components, with the default display settings
// and no brand, as a visitor without stored settings sees it; a browser whose stored settings differ
// asks for the plain shell (src/lib/prerendered-page.ts). Output: the JSON shared/mf-build's
// host-pages.cjs reads, once per build.
import './first-visit-storage';
import { DEFAULT_CONFIG, paths } from '@portal/config';
import { fallbackFontFaceRule } from '@portal/ui/base';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { FACES } from '../src/lib/register-fonts';
import { LIGHT_STYLES, LIGHT_STYLES_HREF } from '../src/components/light-styles';
import { LoginPage } from '../src/features/auth/components/login-page';

const render = (demo: boolean) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={[paths.login]}>
      <LoginPage prerendered={{ demo }} />
    </MemoryRouter>,
  );

// The default font's faces: the page's text is drawn in them from the first paint.
const faces = FACES.filter((face) => DEFAULT_CONFIG.fontFamily.includes(`'${face.family}'`));
const fonts = faces.flatMap(({ family, files }) => Object.entries(files).map(([weight, url]) => ({ family, weight: Number(weight), file: new URL(url).pathname })));

process.stdout.write(
  JSON.stringify({
    styles: { href: LIGHT_STYLES_HREF, css: LIGHT_STYLES },
    fonts,
    // Their metric-matched fallbacks: the text laid out before the faces arrive takes the same room.
    fallbackFaces: faces.flatMap(({ family }) => fallbackFontFaceRule(family) ?? []),
    // The portal sends the demo page when it runs as a demo (its runtime config says so).
    pages: { 'login.html': render(false), 'login-demo.html': render(true) },
  }),
);
