import { LIGHT_STYLES, LIGHT_STYLES_HREF } from './light-styles';

/**
 * The light stylesheet, mounted once by the app. React hoists it into <head> (href + precedence) and
 * inserts it once however many times it is rendered.
 */
export function LightStylesheet() {
  return (
    <style href={LIGHT_STYLES_HREF} precedence="default">
      {LIGHT_STYLES}
    </style>
  );
}
