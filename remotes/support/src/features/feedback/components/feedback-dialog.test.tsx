import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FeedbackDialog } from './feedback-dialog';

describe('FeedbackDialog placeholder', () => {
  it('has a title, the not-built-yet text and a Close button calling onClose', async () => {
    const onClose = jest.fn();
    render(<FeedbackDialog open onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Feedback' })).toBeInTheDocument();
    expect(screen.getByText('This dialog is not built yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
