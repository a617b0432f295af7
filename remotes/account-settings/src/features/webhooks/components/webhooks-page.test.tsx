import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WEBHOOK_MESSAGES, type Webhook, type WebhookDelivery } from '@portal/contracts';
import { createWebhook, deleteWebhook, listWebhookDeliveries, listWebhooks, resendWebhookDelivery, updateWebhook } from '@portal/contracts/calls';
import { renderWithAlert, signInBeforeEach, testUser } from '../../../testing/session';
import { WebhooksPage } from './webhooks-page';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());
jest.setTimeout(30000);

const SECRET = `whsec_${'x'.repeat(43)}`;
const webhook = (extra: Partial<Webhook> = {}): Webhook => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  url: 'https://psa.example.com/hooks',
  description: 'PSA',
  events: ['job.failed', 'alert.raised'],
  enabled: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...extra,
});
const delivery = (extra: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: '00000000-0000-4000-8000-0000000000d1',
  eventId: '00000000-0000-4000-8000-0000000000e1',
  eventType: 'job.failed',
  status: 'pending',
  attempts: 2,
  nextAttemptAt: '2026-11-26T10:05:00.000Z',
  lastAttemptAt: '2026-11-26T10:04:00.000Z',
  responseStatus: 500,
  responseBody: 'upstream down',
  error: 'HTTP 500',
  resendOf: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  ...extra,
});

signInBeforeEach(testUser('PARTNER'));

describe('WebhooksPage', () => {
  it('adds a webhook for the chosen events and shows its signing secret once', async () => {
    jest.mocked(listWebhooks).mockResolvedValue({ items: [] });
    jest.mocked(createWebhook).mockResolvedValue({ message: WEBHOOK_MESSAGES.created, webhook: webhook(), secret: SECRET });
    const ue = userEvent.setup();
    renderWithAlert(<WebhooksPage />);
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    await ue.click(screen.getByRole('button', { name: 'Add webhook' }));
    const form = await screen.findByRole('dialog', { name: 'Add webhook' });
    await ue.type(within(form).getByRole('textbox', { name: /URL/ }), 'ftp://nope');
    await ue.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(await within(form).findByText(WEBHOOK_MESSAGES.urlInvalid)).toBeInTheDocument();
    expect(within(form).getByText(WEBHOOK_MESSAGES.eventsRequired)).toBeInTheDocument();
    expect(createWebhook).not.toHaveBeenCalled();

    await ue.clear(within(form).getByRole('textbox', { name: /URL/ }));
    await ue.type(within(form).getByRole('textbox', { name: /URL/ }), 'https://psa.example.com/hooks');
    await ue.click(within(form).getByRole('checkbox', { name: 'Job failed' }));
    await ue.click(within(form).getByRole('checkbox', { name: 'Alert raised' }));
    await ue.click(within(form).getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(createWebhook).toHaveBeenCalledWith({ url: 'https://psa.example.com/hooks', description: '', events: ['job.failed', 'alert.raised'] }));
    const shown = await screen.findByRole('dialog', { name: 'Copy the signing secret' });
    expect(within(shown).getByRole('textbox', { name: 'Signing secret' })).toHaveValue(SECRET);
    await ue.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('lists deliveries with the receiver’s answer and re-sends one; turns a webhook off; deletes after confirmation', async () => {
    jest.mocked(listWebhooks).mockResolvedValue({ items: [webhook()] });
    jest.mocked(listWebhookDeliveries).mockResolvedValue({ items: [delivery()] });
    jest.mocked(resendWebhookDelivery).mockResolvedValue({ message: WEBHOOK_MESSAGES.resent, delivery: delivery({ id: '00000000-0000-4000-8000-0000000000d2' }) });
    jest.mocked(updateWebhook).mockResolvedValue({ message: WEBHOOK_MESSAGES.updated, webhook: webhook({ enabled: false }) });
    jest.mocked(deleteWebhook).mockResolvedValue({ message: WEBHOOK_MESSAGES.deleted, webhook: webhook() });
    const ue = userEvent.setup();
    renderWithAlert(<WebhooksPage />);
    const row = (await screen.findByRole('table', { name: 'Webhooks' })).querySelector('tbody tr') as HTMLElement;
    expect(row).toHaveTextContent('Job failed, Alert raised');

    await ue.click(within(row).getByRole('button', { name: 'Deliveries to https://psa.example.com/hooks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries to https://psa.example.com/hooks' });
    const table = await within(dialog).findByRole('table', { name: 'Deliveries' });
    expect(table).toHaveTextContent('Retrying');
    expect(table).toHaveTextContent('HTTP 500: upstream down');
    await ue.click(within(table).getByRole('button', { name: /^Re-send Job failed/ }));
    await waitFor(() => expect(resendWebhookDelivery).toHaveBeenCalledWith(webhook().id, delivery().id));
    expect(await screen.findByText(WEBHOOK_MESSAGES.resent)).toBeInTheDocument();
    await ue.click(within(dialog).getByRole('button', { name: 'Close' }));
    // The page is hidden from assistive technology until the dialog has gone.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });

    await ue.click(within(row).getByRole('switch', { name: 'Send to https://psa.example.com/hooks' }));
    await waitFor(() => expect(updateWebhook).toHaveBeenCalledWith(webhook().id, { enabled: false }));

    await ue.click(within(row).getByRole('button', { name: 'Delete https://psa.example.com/hooks' }));
    await ue.click(within(await screen.findByRole('dialog', { name: 'Delete this webhook?' })).getByRole('button', { name: 'Delete webhook' }));
    await waitFor(() => expect(deleteWebhook).toHaveBeenCalledWith(webhook().id));
  });

  it('shows a load error with Retry', async () => {
    jest.mocked(listWebhooks).mockRejectedValueOnce(new Error('Invalid response received')).mockResolvedValueOnce({ items: [] });
    render(<WebhooksPage />);
    expect(await screen.findByText(/Webhooks could not be loaded: Invalid response received/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
  });
});
