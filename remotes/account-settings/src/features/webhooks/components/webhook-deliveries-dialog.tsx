import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Webhook, WebhookDelivery } from '@portal/contracts';
import { listWebhookDeliveries, resendWebhookDelivery } from '@portal/contracts/calls';
import { webhookEndpoints } from '@portal/contracts/endpoints/webhook';
import { errorMessageOf, useCallMutation, useCallQuery } from '@portal/data';
import { formatDateTime, showAlert } from '@portal/ui';
import { ChangeAction, ListTable } from '@portal/ui/kit';
import { useId } from 'react';
import { PageQueryState } from '../../../components/page-query-state';
import { WEBHOOK_EVENT_LABELS } from './webhook-event-labels';

const COLUMNS = ['Event', 'Status', 'Attempts', 'Answer', 'Last attempt', { label: 'Actions', srOnly: true, align: 'right' as const }];
const STATUS_LABELS: Record<WebhookDelivery['status'], string> = { pending: 'Retrying', succeeded: 'Delivered', failed: 'Failed' };

function answerOf(delivery: WebhookDelivery): string {
  if (delivery.responseStatus !== null) return `HTTP ${delivery.responseStatus}${delivery.responseBody ? `: ${delivery.responseBody.slice(0, 120)}` : ''}`;
  return delivery.error ?? '—';
}

function Deliveries({ webhook }: { webhook: Webhook }) {
  const deliveries = useCallQuery(webhookEndpoints.listWebhookDeliveries, listWebhookDeliveries, [webhook.id]);
  const resend = useCallMutation((delivery: WebhookDelivery) => resendWebhookDelivery(webhook.id, delivery.id), {
    invalidates: [webhookEndpoints.listWebhookDeliveries],
    onSuccess: ({ message }) => showAlert({ message, type: 'success' }),
    onError: (error) => showAlert({ message: errorMessageOf(error), type: 'error' }),
  });
  return (
    <PageQueryState query={deliveries} noun="deliveries" rows={3} failed={(message) => `Deliveries could not be loaded: ${message}`}>
      {({ items }) => (
        <ListTable label="Deliveries" columns={COLUMNS} empty={items.length === 0 ? 'Nothing sent yet.' : null}>
          {items.map((delivery) => (
            <TableRow key={delivery.id}>
              <TableCell component="th" scope="row">
                {WEBHOOK_EVENT_LABELS[delivery.eventType]}
                {delivery.resendOf ? (
                  <Typography variant="body2" color="text.secondary">
                    re-sent
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>
                {STATUS_LABELS[delivery.status]}
                {delivery.nextAttemptAt ? (
                  <Typography variant="body2" color="text.secondary">
                    next {formatDateTime(delivery.nextAttemptAt)}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>{delivery.attempts}</TableCell>
              <TableCell sx={{ maxWidth: 260, overflowWrap: 'anywhere' }}>{answerOf(delivery)}</TableCell>
              <TableCell>{formatDateTime(delivery.lastAttemptAt)}</TableCell>
              <TableCell align="right">
                <ChangeAction>
                  <Button size="small" variant="contained" disabled={resend.isPending} onClick={() => resend.mutate(delivery)} aria-label={`Re-send ${WEBHOOK_EVENT_LABELS[delivery.eventType]} of ${formatDateTime(delivery.createdAt)}`}>
                    Re-send
                  </Button>
                </ChangeAction>
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
    </PageQueryState>
  );
}

/** A webhook's latest deliveries with the receiver's answers, each one re-sendable. */
export function WebhookDeliveriesDialog({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={webhook !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>Deliveries to {webhook?.url}</DialogTitle>
      <DialogContent>{webhook ? <Deliveries webhook={webhook} /> : null}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
