/** The display settings of spec section 9 ("Default theme"), restated here rather than imported from
 * @portal/config so the browser tests catch a wrong default in the product. */
export const SPEC_DISPLAY_DEFAULTS = {
  layout: 'vertical',
  drawerType: 'default',
  fontFamily: `'Poppins', sans-serif`,
  borderRadius: 8,
  outlinedFilled: true,
  navType: 'light',
  presetColor: 'default',
  locale: 'en',
  rtlLayout: false,
  container: false,
};
