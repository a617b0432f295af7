import userEvent from '@testing-library/user-event';
import { GlobalSnackbar, resetSnackbarStore } from '@portal/ui';
import { renderInMemoryRouter } from '@portal/ui/testing';
import type { ReactElement } from 'react';

/** Renders a page at `url` under its route pattern, with the snackbar the pages report to. */
export function renderPage(pattern: string, element: ReactElement, url: string) {
  resetSnackbarStore();
  const { router } = renderInMemoryRouter(url, { routes: [{ path: pattern, element }, { path: '*', element: <p>elsewhere</p> }] }, <GlobalSnackbar />);
  return { router, user: userEvent.setup() };
}
