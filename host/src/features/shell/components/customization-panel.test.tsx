import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTheme } from '@mui/material/styles';
import { DEFAULT_CONFIG } from '@portal/config';
import { PortalThemeProvider, displaySettingsStore, i18nStore } from '@portal/ui';
import { withMetricFallback } from '@portal/ui/base';
import { CustomizationPanel } from './customization-panel';

function Probe() {
  const theme = useTheme();
  return <output data-testid="probe">{`${theme.palette.mode} ${theme.palette.primary.main} ${theme.typography.fontFamily} ${theme.shape.borderRadius}`}</output>;
}

const stored = () => JSON.parse(window.localStorage.getItem('berry-config') ?? '{}');

// Every click here re-themes the whole tree; slow under a loaded CI machine.
jest.setTimeout(20000);

beforeEach(() => {
  window.localStorage.clear();
  displaySettingsStore.getState().resetSettings();
  i18nStore.getState().resetLanguage();
});
afterEach(() => act(() => displaySettingsStore.getState().resetSettings()));

const renderPanel = () =>
  render(
    <PortalThemeProvider>
      <Probe />
      <CustomizationPanel open onClose={() => undefined} />
    </PortalThemeProvider>,
  );

describe('display settings panel', () => {
  it('starts from the spec defaults', () => {
    renderPanel();
    const panel = screen.getByRole('dialog', { name: 'Display settings' });
    expect(within(panel).getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(within(panel).getByRole('radio', { name: 'Default' })).toBeChecked();
    expect(within(panel).getByRole('radio', { name: 'Poppins' })).toBeChecked();
    expect(within(panel).getByRole('radio', { name: 'Vertical' })).toBeChecked();
    expect(within(panel).getByRole('radio', { name: 'Default drawer' })).toBeChecked();
    expect(within(panel).getByRole('radio', { name: 'Left to right' })).toBeChecked();
    expect(within(panel).getByRole('slider', { name: 'Border radius' })).toHaveValue('8');
    expect(screen.getByTestId('probe')).toHaveTextContent(`light #2196f3 ${withMetricFallback(DEFAULT_CONFIG.fontFamily)} 8`);
  });

  it('applies every change at once and keeps it in berry-config', async () => {
    const user = userEvent.setup();
    renderPanel();
    const panel = screen.getByRole('dialog', { name: 'Display settings' });
    await user.click(within(panel).getByRole('radio', { name: 'Dark' }));
    await user.click(within(panel).getByRole('radio', { name: 'Theme 3' }));
    await user.click(within(panel).getByRole('radio', { name: 'Inter' }));
    await user.click(within(panel).getByRole('radio', { name: 'Horizontal' }));
    await user.click(within(panel).getByRole('radio', { name: 'Mini drawer' }));
    await user.click(within(panel).getByRole('switch', { name: 'Boxed container' }));
    await user.click(within(panel).getByRole('switch', { name: 'Filled input fields' }));
    const slider = within(panel).getByRole('slider', { name: 'Border radius' });
    slider.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByTestId('probe')).toHaveTextContent(`dark #ab47bc 'Inter', 'Inter Fallback', sans-serif 12`);
    expect(stored()).toEqual({
      ...DEFAULT_CONFIG,
      navType: 'dark',
      presetColor: 'theme3',
      fontFamily: `'Inter', sans-serif`,
      layout: 'horizontal',
      drawerType: 'mini-drawer',
      container: true,
      outlinedFilled: false,
      borderRadius: 12,
    });
  });

  it('switches the direction and the language', async () => {
    const user = userEvent.setup();
    renderPanel();
    const panel = screen.getByRole('dialog', { name: 'Display settings' });
    await user.click(within(panel).getByRole('radio', { name: 'Right to left' }));
    expect(stored().rtlLayout).toBe(true);
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    await user.click(within(panel).getByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'Français' }));
    expect(window.localStorage.getItem('language')).toBe('fr');
    expect(stored().locale).toBe('fr');
    expect(await screen.findByRole('dialog', { name: "Réglages d'affichage" })).toBeInTheDocument();
  });

  it('resets to the defaults', async () => {
    displaySettingsStore.getState().setNavType('dark');
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(stored()).toEqual(DEFAULT_CONFIG);
  });
});
