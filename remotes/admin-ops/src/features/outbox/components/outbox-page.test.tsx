import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDemoOutbox } from '@portal/contracts/calls';
import { OutboxPage } from './outbox-page';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());

const mail = (id: string, to: string, subject: string, text: string) => ({
  id,
  to,
  from: 'Cloud Backup Portal <no-reply@portal.local>',
  replyTo: null,
  subject,
  text,
  sentAt: '2026-03-01T10:00:00.000Z',
});

beforeEach(() => jest.mocked(getDemoOutbox).mockReset());

describe('OutboxPage', () => {
  it('lists the newest messages with recipient, subject, time and the body with its code, as text', async () => {
    jest.mocked(getDemoOutbox).mockResolvedValue([
      mail('2', 'mfauser@demo.example', 'Your sign-in code: 123456', 'Hello Mia,\n\nYour sign-in code is: 123456'),
      mail('1', 'partner@demo.example', 'Reset <b>code</b>', '<img src=x onerror=alert(1)> 654321'),
    ]);
    const { container } = render(<OutboxPage />);
    const articles = await screen.findAllByRole('article');
    expect(articles).toHaveLength(2);
    const first = within(articles[0]);
    expect(first.getByRole('heading', { name: 'Your sign-in code: 123456' })).toBeInTheDocument();
    expect(articles[0]).toHaveTextContent('To mfauser@demo.example');
    expect(articles[0]).toHaveTextContent('Your sign-in code is: 123456');
    expect(articles[0].querySelector('time')).toHaveAttribute('datetime', '2026-03-01T10:00:00.000Z');
    expect(within(articles[1]).getByRole('heading', { name: 'Reset <b>code</b>' })).toBeInTheDocument();
    expect(container.querySelector('img, b')).toBeNull();
  });

  it('says when there is no mail, and offers Retry when the API refuses', async () => {
    jest.mocked(getDemoOutbox).mockResolvedValueOnce({ errorMessage: 'Forbidden' }).mockResolvedValueOnce([]);
    render(<OutboxPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The outbox could not be loaded: Forbidden');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    expect(getDemoOutbox).toHaveBeenCalledTimes(2);
  });
});
