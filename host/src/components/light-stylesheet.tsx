import { LIGHT_STYLES } from './light-styles';

/**
 * The light stylesheet, mounted once by the app. React hoists it into <head> (href + precedence) and
 * inserts it once however many times it is rendered.
 */
export function LightStylesheet() {
  return (
    <style href="portal-light-styles" precedence="default">
      {LIGHT_STYLES}
    </style>
  );
}
