import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CreatedWebhook, Webhook } from '@portal/contracts';
import { deleteWebhook, listWebhooks, updateWebhook } from '@portal/contracts/calls';
import { webhookEndpoints } from '@portal/contracts/endpoints/webhook';
import { errorMessageOf, useCallMutation, useCallQuery } from '@portal/data';
import { formatDateTime, PageHeader, showAlert } from '@portal/ui';
import { ChangeAction, ConfirmDialog, ListTable } from '@portal/ui/kit';
import { useState } from 'react';
import { PageQueryState } from '../../../components/page-query-state';
import { SecretOnceDialog } from '../../../components/secret-once-dialog';
import { CreateWebhookDialog } from './create-webhook-dialog';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog';
import { WEBHOOK_EVENT_LABELS } from './webhook-event-labels';

const COLUMNS = ['URL', 'Events', 'On', 'Created', { label: 'Actions', srOnly: true, align: 'right' as const }];

const showError = (error: Error) => showAlert({ message: errorMessageOf(error), type: 'error' });

/** The organisation's webhooks: add one (its signing secret shown once), turn it off or on, see its deliveries, delete it. */
export function WebhooksPage() {
  const webhooks = useCallQuery(webhookEndpoints.listWebhooks, listWebhooks, []);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [inspecting, setInspecting] = useState<Webhook | null>(null);

  const toggle = useCallMutation((webhook: Webhook) => updateWebhook(webhook.id, { enabled: !webhook.enabled }), {
    invalidates: [webhookEndpoints.listWebhooks],
    onError: showError,
  });
  const remove = useCallMutation((webhook: Webhook) => deleteWebhook(webhook.id), {
    invalidates: [webhookEndpoints.listWebhooks],
    onSuccess: ({ message }) => showAlert({ message, type: 'success' }),
    onError: showError,
    onSettled: () => setDeleting(null),
  });

  return (
    <>
      <PageHeader
        title="Webhooks"
        subtitle="The portal tells your tools when jobs finish, alerts change, tickets move or a tenant loses consent."
        actions={
          <ChangeAction>
            <Button variant="contained" onClick={() => setCreating(true)}>
              Add webhook
            </Button>
          </ChangeAction>
        }
      />
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              Each delivery is signed (HMAC-SHA256 of the timestamp and the body, in the X-Portal-Signature header) and retried with growing pauses until your
              address answers 2xx. Events of the organisations below yours are sent too.
            </Typography>
            <PageQueryState query={webhooks} noun="webhooks" rows={2} failed={(message) => `Webhooks could not be loaded: ${message}`}>
              {({ items }) => (
                <ListTable label="Webhooks" columns={COLUMNS} empty={items.length === 0 ? 'No webhooks yet.' : null}>
                  {items.map((webhook) => (
                    <TableRow key={webhook.id}>
                      <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                        <span dir="ltr">{webhook.url}</span>
                        {webhook.description ? (
                          <Typography variant="body2" color="text.secondary">
                            {webhook.description}
                          </Typography>
                        ) : null}
                      </TableCell>
                      <TableCell>{webhook.events.map((type) => WEBHOOK_EVENT_LABELS[type]).join(', ')}</TableCell>
                      <TableCell>
                        <ChangeAction>
                          <Switch checked={webhook.enabled} onChange={() => toggle.mutate(webhook)} slotProps={{ input: { 'aria-label': `Send to ${webhook.url}` } }} />
                        </ChangeAction>
                      </TableCell>
                      <TableCell>{formatDateTime(webhook.createdAt)}</TableCell>
                      <TableCell align="right">
                        <Stack direction="row" spacing={1} justifyContent="flex-end">
                          <Button size="small" variant="outlined" onClick={() => setInspecting(webhook)} aria-label={`Deliveries to ${webhook.url}`}>
                            Deliveries
                          </Button>
                          <ChangeAction>
                            <Button size="small" variant="contained" onClick={() => setDeleting(webhook)} aria-label={`Delete ${webhook.url}`}>
                              Delete
                            </Button>
                          </ChangeAction>
                        </Stack>
                      </TableCell>
                    </TableRow>
                  ))}
                </ListTable>
              )}
            </PageQueryState>
          </Stack>
        </CardContent>
      </Card>
      <CreateWebhookDialog open={creating} onClose={() => setCreating(false)} onCreated={setCreated} />
      <SecretOnceDialog
        shown={created && { secret: created.secret, message: created.message, label: 'Signing secret' }}
        title="Copy the signing secret"
        copyLabel="Copy signing secret"
        onClose={() => setCreated(null)}
      />
      <WebhookDeliveriesDialog webhook={inspecting} onClose={() => setInspecting(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this webhook?"
        confirmLabel="Delete webhook"
        destructive
        busy={remove.isPending}
        onConfirm={async () => {
          if (deleting) await remove.mutateAsync(deleting).catch(() => undefined);
        }}
        onClose={() => setDeleting(null)}
      >
        Nothing more is sent to {deleting?.url}, and its delivery history is deleted.
      </ConfirmDialog>
    </>
  );
}
