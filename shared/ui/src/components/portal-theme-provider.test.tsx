import { act, render, screen, waitFor } from '@testing-library/react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { displaySettingsStore } from '../stores/display-settings-store';
import { i18nStore } from '../i18n/i18n-store';
import { buildTheme } from '../theme/build-theme';
import { PortalThemeProvider } from './portal-theme-provider';

jest.mock('../theme/build-theme', () => {
  const actual = jest.requireActual<typeof import('../theme/build-theme')>('../theme/build-theme');
  return { ...actual, buildTheme: jest.fn(actual.buildTheme) };
});
const build = buildTheme as jest.Mock;

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

  it('leaves dir and lang unwritten when they already hold the values (a write makes the browser re-resolve the page)', async () => {
    document.documentElement.setAttribute('dir', 'ltr');
    document.documentElement.setAttribute('lang', i18nStore.getState().language);
    const writes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => writes.push(...records));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['dir', 'lang'] });
    render(<PortalThemeProvider />);
    await act(() => Promise.resolve());
    writes.push(...observer.takeRecords());
    observer.disconnect();
    expect(writes.map((record) => record.attributeName)).toEqual([]);
  });
});

describe('PortalThemeProvider theme', () => {
  it('builds one theme for two providers with the same settings (the layout and the alert layer), and a new one when they change', () => {
    // Settings no earlier test used: the provider's last theme is not theirs.
    act(() => displaySettingsStore.getState().setBorderRadius(6));
    build.mockClear();
    const radius = () => {
      let value = 0;
      function Probe() {
        value = useTheme().shape.borderRadius as number;
        return null;
      }
      return { Probe, read: () => value };
    };
    const first = radius();
    const second = radius();
    render(
      <>
        <PortalThemeProvider>
          <first.Probe />
        </PortalThemeProvider>
        <PortalThemeProvider documentAttributes={false}>
          <second.Probe />
        </PortalThemeProvider>
      </>,
    );
    expect(build).toHaveBeenCalledTimes(1);
    act(() => displaySettingsStore.getState().setBorderRadius(4));
    expect(build).toHaveBeenCalledTimes(2);
    expect([first.read(), second.read()]).toEqual([4, 4]);
  });
});

describe('PortalThemeProvider baseline', () => {
  // MUI's CssBaseline: a global style holding the page's rules for <body>.
  const bodyRules = () => emotionCss('mui-global').match(/(^|[\s}])body\s*\{/gm)?.length ?? 0;

  it('draws the baseline by default and none when the page has its own (the alert layer)', () => {
    const { unmount } = render(<PortalThemeProvider />);
    expect(bodyRules()).toBeGreaterThan(0);
    unmount();
    expect(bodyRules()).toBe(0);
    render(<PortalThemeProvider documentAttributes={false} baseline={false} />);
    expect(bodyRules()).toBe(0);
  });
});
