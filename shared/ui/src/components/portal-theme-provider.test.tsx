import { act, render, screen, waitFor } from '@testing-library/react';
import Box from '@mui/material/Box';
import { displaySettingsStore } from '../stores/display-settings-store';
import { i18nStore } from '../i18n/i18n-store';
import { PortalThemeProvider } from './portal-theme-provider';

// Emotion inserts rules with insertRule here, so read them from the sheets rather than the tag text.
const emotionCss = (key: string): string =>
  Array.from(document.querySelectorAll<HTMLStyleElement>(`style[data-emotion^="${key} "], style[data-emotion="${key}"]`))
    .flatMap((s) => [s.textContent ?? '', ...Array.from(s.sheet?.cssRules ?? []).map((r) => r.cssText)])
    .join('\n')
    .replace(/:\s+/g, ':');

beforeEach(() => {
  window.localStorage.clear();
  displaySettingsStore.getState().resetSettings();
});
afterEach(() => act(() => displaySettingsStore.getState().resetSettings()));

describe('PortalThemeProvider right-to-left', () => {
  it('mirrors styles through the RTL Emotion cache and sets dir on the document', async () => {
    render(
      <PortalThemeProvider>
        <Box data-testid="probe" sx={{ marginLeft: '13px', paddingRight: '7px', textAlign: 'left' }} />
      </PortalThemeProvider>,
    );
    expect(emotionCss('mui')).toMatch(/margin-left:13px/);
    expect(document.documentElement.dir).toBe('ltr');

    act(() => displaySettingsStore.getState().setRtlLayout(true));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    const rtlCss = emotionCss('muirtl');
    expect(rtlCss).toMatch(/margin-right:13px/);
    expect(rtlCss).toMatch(/padding-left:7px/);
    expect(rtlCss).toMatch(/text-align:right/);
    expect(rtlCss).not.toMatch(/margin-left:13px/);
    expect(screen.getByTestId('probe').className).toMatch(/^muirtl-|\smuirtl-/);
  });

  it('sets lang from the language preference', () => {
    render(<PortalThemeProvider />);
    act(() => i18nStore.getState().setLanguage('fr'));
    expect(document.documentElement.lang).toBe('fr');
    act(() => i18nStore.getState().setLanguage('en'));
    expect(document.documentElement.lang).toBe('en');
  });
});
