import { act, render, screen } from '@testing-library/react';
import { loadingStore } from '@portal/request';
import { LoadingBar } from './loading-bar';

beforeEach(() => loadingStore.getState().reset());

it('shows a progress bar only while requests run', async () => {
  render(<LoadingBar />);
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

  await act(async () => loadingStore.getState().start());
  await act(async () => loadingStore.getState().start());
  const bar = screen.getByRole('progressbar', { name: 'Loading' });
  expect(bar.parentElement).toHaveStyle({ position: 'fixed', top: '0px', zIndex: '1301', height: '4px' });

  act(() => loadingStore.getState().stop());
  expect(screen.getByRole('progressbar')).toBeInTheDocument();
  act(() => loadingStore.getState().stop());
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
});
