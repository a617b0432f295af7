import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { USER_ACCESS_LABELS, type ApiKey, type CreatedApiKey } from '@portal/contracts';
import { listApiKeys, revokeApiKey } from '@portal/contracts/calls';
import { apiKeyEndpoints } from '@portal/contracts/endpoints/api-key';
import { errorMessageOf, useCallMutation, useCallQuery } from '@portal/data';
import { getRequestConfig } from '@portal/request';
import { formatDateTime, PageHeader, showAlert } from '@portal/ui';
import { ChangeAction, ConfirmDialog, ListTable } from '@portal/ui/kit';
import { useState } from 'react';
import { PageQueryState } from '../../../components/page-query-state';
import { SecretOnceDialog } from '../../../components/secret-once-dialog';
import { CreateApiKeyDialog } from './create-api-key-dialog';

// The colour is on the border only: the label keeps the text colour, readable in light and dark.
const STATUS: Record<ApiKey['status'], { label: string; border: string }> = {
  active: { label: 'Active', border: 'success.main' },
  expired: { label: 'Expired', border: 'warning.main' },
  revoked: { label: 'Revoked', border: 'divider' },
};

const COLUMNS = ['Name', 'Key', 'Access', 'Status', 'Created', 'Expires', 'Last used', { label: 'Actions', srOnly: true, align: 'right' as const }];

/** The docs are served beside the API, so their address follows the API's base in the runtime config. */
const referenceUrl = () => {
  const base = getRequestConfig().baseUrl;
  return `${base.endsWith('/') ? base : `${base}/`}docs/`;
};

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  const status = STATUS[apiKey.status];
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        {apiKey.name}
      </TableCell>
      <TableCell>
        {/* Code, so left to right in an RTL layout too. */}
        <Typography component="code" variant="body2" dir="ltr" sx={{ fontFamily: 'monospace' }}>
          {`cbk_${apiKey.publicId}_…`}
        </Typography>
      </TableCell>
      <TableCell>{USER_ACCESS_LABELS[apiKey.access]}</TableCell>
      <TableCell>
        <Chip size="small" variant="outlined" label={status.label} sx={{ borderColor: status.border, borderWidth: 2 }} />
      </TableCell>
      <TableCell>
        {formatDateTime(apiKey.createdAt)}
        {apiKey.createdByName ? (
          <Typography variant="body2" color="text.secondary">
            by {apiKey.createdByName}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>{apiKey.revokedAt ? `Revoked ${formatDateTime(apiKey.revokedAt)}` : formatDateTime(apiKey.expiresAt, 'Never')}</TableCell>
      <TableCell>
        {formatDateTime(apiKey.lastUsedAt, 'Never')}
        {apiKey.lastUsedIp ? (
          <Typography variant="body2" color="text.secondary" dir="ltr">
            {apiKey.lastUsedIp}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell align="right">
        {apiKey.status === 'active' ? (
          <ChangeAction>
            <Button size="small" variant="contained" onClick={() => onRevoke(apiKey)} aria-label={`Revoke ${apiKey.name}`}>
              Revoke
            </Button>
          </ChangeAction>
        ) : null}
      </TableCell>
    </TableRow>
  );
}

/** The organisation's API keys: create one (its secret shown once), see when each was last used, revoke. */
export function ApiKeysPage() {
  const keys = useCallQuery(apiKeyEndpoints.listApiKeys, listApiKeys, []);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const revoke = useCallMutation((key: ApiKey) => revokeApiKey(key.id), {
    invalidates: [apiKeyEndpoints.listApiKeys],
    onSuccess: ({ message }) => showAlert({ message, type: 'success' }),
    onError: (error) => showAlert({ message: errorMessageOf(error), type: 'error' }),
    onSettled: () => setRevoking(null),
  });

  return (
    <>
      <PageHeader
        title="API Keys"
        subtitle="Keys let your PSA, RMM or scripts call the portal's API as your organisation."
        actions={
          <ChangeAction>
            <Button variant="contained" onClick={() => setCreating(true)}>
              Create key
            </Button>
          </ChangeAction>
        }
      />
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              Send a key as <code dir="ltr">Authorization: Bearer cbk_…</code>. The{' '}
              <Link href={referenceUrl()} target="_blank" rel="noopener">
                API reference
              </Link>{' '}
              marks the calls that accept keys; a read-only key can only read. Every call made with a key appears in User Activity.
            </Typography>
            <PageQueryState query={keys} noun="API keys" rows={3} failed={(message) => `API keys could not be loaded: ${message}`}>
              {({ items }) => (
                <ListTable label="API keys" columns={COLUMNS} empty={items.length === 0 ? 'No API keys yet.' : null}>
                  {items.map((apiKey) => (
                    <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={setRevoking} />
                  ))}
                </ListTable>
              )}
            </PageQueryState>
          </Stack>
        </CardContent>
      </Card>
      <CreateApiKeyDialog open={creating} onClose={() => setCreating(false)} onCreated={setCreated} />
      <SecretOnceDialog
        shown={created && { secret: created.secret, message: created.message, label: `API key “${created.key.name}”` }}
        title="Copy your new API key"
        copyLabel="Copy API key"
        onClose={() => setCreated(null)}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        confirmLabel="Revoke key"
        destructive
        busy={revoke.isPending}
        onConfirm={async () => {
          if (revoking) await revoke.mutateAsync(revoking).catch(() => undefined);
        }}
        onClose={() => setRevoking(null)}
      >
        Every tool that uses this key stops working at once. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
