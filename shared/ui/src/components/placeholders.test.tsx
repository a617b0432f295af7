import { act, render, screen, waitFor } from '@testing-library/react';
import { useTheme } from '@mui/material/styles';
import { displaySettingsStore } from '../stores/display-settings-store';
import { NotBuiltYet } from './not-built-yet';
import { PageHeader } from './page-header';
import { PortalThemeProvider } from './portal-theme-provider';

it('NotBuiltYet names the page and says it is not built yet', () => {
  render(<NotBuiltYet title="Jobs" />);
  expect(screen.getByRole('heading', { level: 1, name: 'Jobs' })).toBeInTheDocument();
  expect(screen.getByText('This page is not built yet.')).toBeInTheDocument();
  expect(screen.getByText(/later release/)).toBeInTheDocument();
});

it('PageHeader shows the title, subtitle and actions', () => {
  render(<PageHeader title="Profile" subtitle="Your details" actions={<button type="button">Edit</button>} />);
  expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
  expect(screen.getByText('Your details')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
});

function ThemeProbe() {
  const theme = useTheme();
  return <span data-testid="probe">{`${theme.palette.mode} ${theme.direction} ${theme.palette.primary.main}`}</span>;
}

it('PortalThemeProvider follows the display settings', async () => {
  displaySettingsStore.getState().resetSettings();
  render(
    <PortalThemeProvider>
      <ThemeProbe />
    </PortalThemeProvider>,
  );
  expect(screen.getByTestId('probe')).toHaveTextContent('light ltr #2196f3');
  expect(document.documentElement.dir).toBe('ltr');

  act(() => {
    displaySettingsStore.getState().setNavType('dark');
    displaySettingsStore.getState().setRtlLayout(true);
  });
  // The mirrored Emotion cache loads on demand; RTL applies once it is there.
  await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('dark rtl'));
  expect(document.documentElement.dir).toBe('rtl');
  act(() => displaySettingsStore.getState().resetSettings());
});
