// The stylesheet of what the host draws without MUI: the sign-in page and the full-screen loader.
// Static rules only; every colour, the font and the corner radius are CSS custom properties that
// lightThemeVars (@portal/ui/base) computes from the same display settings and presets as the MUI
// theme, so the sign-in page follows the user's preset, mode and brand. Sizes copy the theme's
// (typography.ts, the outlined input, the large contained button) so the page looks as it did.
// Logical properties (inline-start/end) make right-to-left need no rule of its own.
/** The stylesheet's href: React keeps one <style> per href, and adopts a prerendered page's (host-pages.cjs). */
export const LIGHT_STYLES_HREF = 'portal-light-styles';

export const LIGHT_STYLES = `
body{margin:0}
.pl-page{-webkit-font-smoothing:antialiased;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;box-sizing:border-box;
  background:var(--portal-bg);color:var(--portal-text);font-family:var(--portal-font);font-size:.875rem;line-height:1.334}
.pl-page *,.pl-page *::before,.pl-page *::after{box-sizing:border-box}
.pl-card{width:100%;max-width:440px;padding:32px;background:var(--portal-paper);border:1px solid var(--portal-divider);
  border-radius:var(--portal-radius);display:flex;flex-direction:column;gap:24px}
.pl-logo{display:flex;justify-content:center}
.pl-brand{display:flex;align-items:center;gap:8px}
.pl-brand svg{width:32px;height:32px;flex-shrink:0}
.pl-brand span{font-size:1.25rem;font-weight:700;line-height:1.6;white-space:nowrap;color:var(--portal-text)}
.pl-heading{text-align:center}
.pl-heading h1{margin:0 0 .35em;font-size:1rem;font-weight:600;line-height:1.235}
.pl-heading p{margin:0;color:var(--portal-text-secondary)}
.pl-form{display:flex;flex-direction:column;gap:16px}
.pl-field{position:relative;display:flex;flex-direction:column}
.pl-field input{font:inherit;font-size:.875rem;line-height:1.4375em;color:var(--portal-text);width:100%;margin:0;
  padding:15.5px 14px;background:var(--portal-input-bg);border:1px solid var(--portal-input-border);
  border-radius:var(--portal-radius);outline:none}
.pl-field input:hover{border-color:var(--portal-text)}
.pl-field input:focus{border-color:var(--portal-primary);box-shadow:inset 0 0 0 1px var(--portal-primary)}
.pl-field input[aria-invalid=true]{border-color:var(--portal-error-border)}
.pl-field input[aria-invalid=true]:focus{box-shadow:inset 0 0 0 1px var(--portal-error-border)}
.pl-field label{position:absolute;inset-inline-start:10px;top:16px;padding:0 4px;max-width:calc(100% - 24px);
  font-size:.875rem;line-height:1.4375em;color:var(--portal-text-secondary);pointer-events:none;white-space:nowrap;
  overflow:hidden;text-overflow:ellipsis;transition:top .2s,font-size .2s}
.pl-field input:focus+label,.pl-field input:not(:placeholder-shown)+label{top:-9px;font-size:.65625rem;
  background:linear-gradient(to bottom,var(--portal-paper) 50%,var(--portal-input-bg) 50%)}
.pl-field input:-webkit-autofill+label{top:-9px;font-size:.65625rem}
.pl-field input:focus+label{color:var(--portal-link)}
.pl-field input[aria-invalid=true]+label{color:var(--portal-error)}
.pl-helper{margin:3px 14px 0;font-size:.75rem;line-height:1.66;min-height:1.66em;color:var(--portal-text-secondary)}
.pl-helper[data-error]{color:var(--portal-error)}
.pl-button{font:inherit;font-size:.9375rem;font-weight:500;line-height:1.75;width:100%;padding:8px 22px;border:0;
  border-radius:var(--portal-radius);background:var(--portal-button-bg);color:var(--portal-button-text);cursor:pointer;
  box-shadow:0 3px 1px -2px rgba(0,0,0,.2),0 2px 2px 0 rgba(0,0,0,.14),0 1px 5px 0 rgba(0,0,0,.12)}
.pl-button:hover{background:var(--portal-button-hover)}
.pl-button:disabled{cursor:default;opacity:.6}
.pl-links{display:flex;justify-content:space-between;gap:16px}
.pl-links a{color:var(--portal-link);text-decoration:underline;text-decoration-color:color-mix(in srgb,currentColor 40%,transparent);text-underline-offset:2px}
.pl-links a:hover{text-decoration-color:currentColor}
.pl-page a:focus-visible,.pl-button:focus-visible{outline:2px solid var(--portal-link);outline-offset:2px}
.pl-notice{display:flex;gap:12px;align-items:center;padding:6px 16px;border-radius:var(--portal-radius);font-size:.875rem;line-height:1.43;overflow-wrap:anywhere}
.pl-notice-info{border:1px solid var(--portal-info-border);color:var(--portal-info-text)}
.pl-notice-warning{background:var(--portal-warning-bg);color:var(--portal-warning-text);white-space:pre-line}
.pl-notice-warning strong{display:block;font-weight:500;font-size:1rem;margin-bottom:2px}
.pl-notice svg{width:22px;height:22px;flex-shrink:0;fill:currentColor}
.pl-notice-info svg{color:var(--portal-info-border)}
.pl-loader{display:flex;justify-content:center;align-items:center;min-height:100vh}
.pl-spinner{width:40px;height:40px;border-radius:50%;border:3.6px solid var(--portal-primary,#2196f3);border-inline-end-color:transparent;
  animation:pl-spin 1.4s linear infinite}
@keyframes pl-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.pl-spinner{animation-duration:4s}.pl-field label{transition:none}}
`;
