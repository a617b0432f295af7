import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GlobalSnackbar, resetSnackbarStore } from '@portal/ui';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

/** Renders a page at `url` under its route pattern, with the snackbar the pages report to. */
export function renderPage(pattern: string, element: ReactElement, url: string) {
  resetSnackbarStore();
  const router = createMemoryRouter([{ path: pattern, element }, { path: '*', element: <p>elsewhere</p> }], { initialEntries: [url] });
  render(
    <>
      <GlobalSnackbar />
      <RouterProvider router={router} />
    </>,
  );
  return { router, user: userEvent.setup() };
}
