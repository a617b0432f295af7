import { render, screen, type RenderResult } from '@testing-library/react';
import { portalQueryClient } from '@portal/data';
import type { ReactElement } from 'react';

/**
 * Renders `ui` as on a first visit, after the test unmounted an earlier render: the shared query
 * cache would otherwise show the last answer (an empty list, say) while the page reloads.
 */
export function renderFirstVisit(ui: ReactElement): RenderResult {
  portalQueryClient.clear();
  return render(ui);
}

/**
 * A list's empty state, then its error state on a first visit (after an unmount): `call` answers
 * `empty.answer` once, then `error.answer` once; the page shows `empty.text`, then an alert with `error.text`.
 */
export async function expectEmptyThenError(ui: ReactElement, call: unknown, empty: { answer: unknown; text: string }, error: { answer: unknown; text: string }): Promise<void> {
  const mocked = call as jest.Mock;
  mocked.mockResolvedValueOnce(empty.answer);
  const { unmount } = render(ui);
  expect(await screen.findByText(empty.text)).toBeInTheDocument();
  unmount();
  mocked.mockResolvedValueOnce(error.answer);
  renderFirstVisit(ui);
  expect(await screen.findByRole('alert')).toHaveTextContent(error.text);
}
