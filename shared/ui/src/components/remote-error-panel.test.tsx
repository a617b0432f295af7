import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteErrorPanel } from './remote-error-panel';

describe('RemoteErrorPanel', () => {
  it('explains the failure and shows the error message', () => {
    render(<RemoteErrorPanel title="Support" error={new Error('Loading chunk 7 failed')} onRetry={() => undefined} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Support');
    expect(alert).toHaveTextContent('This part of the portal could not be loaded.');
    expect(alert).toHaveTextContent('Loading chunk 7 failed');
  });

  it('works without title or error', () => {
    render(<RemoteErrorPanel onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This part of the portal could not be loaded.');
  });

  it('calls onRetry from the Retry button', async () => {
    const onRetry = jest.fn();
    render(<RemoteErrorPanel error="boom" onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
