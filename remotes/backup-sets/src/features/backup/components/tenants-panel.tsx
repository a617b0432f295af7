import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConnectionTestResult, Tenant } from '@portal/contracts';
import { testTenantConnection } from '@portal/contracts/calls';
import { errorMessageOf, useCallMutation } from '@portal/data';
import { formatDateTime, useReadOnly } from '@portal/ui';
import { ChangeAction, ConsentOutcome } from '@portal/ui/kit';
import { useState } from 'react';
import { ConnectWithMicrosoftButton } from './connect-with-microsoft-button';
import { SecretExpiryDialog } from './secret-expiry-dialog';
import { TenantPermissions } from './tenant-permissions';

const STATUS_COLOR = { connected: 'success', error: 'error', untested: 'default' } as const;

/** The panel's heading, also drawn by its skeleton (tenants-panel-skeleton.tsx). */
export const TENANTS_HEADING = 'Microsoft 365 tenants';

/**
 * The connected M365 tenants with a per-tenant connection test and Graph permissions; a tenant is
 * connected with Microsoft (admin consent, when the portal has the provider's app) or with typed credentials.
 */
export function TenantsPanel({ tenants, consentAvailable = false, onConnect, onTested }: { tenants: Tenant[]; consentAvailable?: boolean; onConnect: () => void; onTested: () => void }) {
  const [results, setResults] = useState<Record<string, ConnectionTestResult | 'testing'>>({});
  const [editing, setEditing] = useState<Tenant | null>(null);
  const readOnly = useReadOnly();
  const show = (tenant: Tenant, result: ConnectionTestResult | 'testing') => setResults((r) => ({ ...r, [tenant.id]: result }));
  // The test records the tenant's status, so the tenants reload after it, whatever its outcome.
  const testing = useCallMutation((tenant: Tenant) => testTenantConnection(tenant.id), {
    onMutate: (tenant) => show(tenant, 'testing'),
    onSuccess: (result, tenant) => show(tenant, result),
    onError: (error, tenant) => show(tenant, { ok: false, failureReason: errorMessageOf(error) }),
    onSettled: onTested,
  });
  const test = (tenant: Tenant) => testing.mutate(tenant);
  return (
    <Card sx={{ p: 2, mb: 3 }} component="section" aria-labelledby="tenants-heading">
      <Stack direction="row" justifyContent="space-between" alignItems="center">
        <Typography id="tenants-heading" variant="h6" component="h2">
          {TENANTS_HEADING}
        </Typography>
        <Stack direction="row" spacing={1} alignItems="flex-start">
          {consentAvailable ? (
            <ChangeAction>
              <ConnectWithMicrosoftButton />
            </ChangeAction>
          ) : null}
          <ChangeAction>
            <Button onClick={onConnect}>{consentAvailable ? 'Enter app credentials' : 'Connect tenant'}</Button>
          </ChangeAction>
        </Stack>
      </Stack>
      <ConsentOutcome />
      {tenants.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {readOnly ? 'No tenant is connected yet.' : 'No tenant is connected yet. Connect one to create backup sets.'}
        </Typography>
      ) : (
        <List dense aria-label="Connected tenants">
          {tenants.map((t) => {
            const result = results[t.id];
            return [
              <ListItem
                key={t.id}
                secondaryAction={
                  <Stack direction="row" spacing={1}>
                    {/* A consented tenant uses the provider's app: its secret is the provider's to renew. */}
                    {t.connectedVia === 'credentials' ? (
                      <ChangeAction>
                        <Button size="small" onClick={() => setEditing(t)} aria-label={`Secret expiry of ${t.name}`}>
                          Secret expiry
                        </Button>
                      </ChangeAction>
                    ) : null}
                    {/* The test records the tenant's status, a change the API refuses a read-only user. */}
                    <ChangeAction>
                      <Button size="small" onClick={() => test(t)} disabled={result === 'testing'} aria-label={`Test connection to ${t.name}`}>
                        {result === 'testing' ? 'Testing…' : 'Test connection'}
                      </Button>
                    </ChangeAction>
                  </Stack>
                }
              >
                <ListItemText
                  primary={
                    <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                      {t.name}
                      <Chip size="small" label={t.status} color={STATUS_COLOR[t.status]} />
                      {t.demo ? <Chip size="small" label="demo" variant="outlined" /> : null}
                      {t.connectedVia === 'consent' ? <Chip size="small" label="Microsoft consent" variant="outlined" /> : null}
                    </Box>
                  }
                  secondary={`${t.organizationName ?? t.tenantId} · ${t.backupSetCount} backup sets · last tested ${formatDateTime(t.lastTestedAt)}${
                    t.secretExpiresAt ? ` · secret expires ${t.secretExpiresAt}` : ''
                  }${t.status === 'error' && t.lastError ? ` · ${t.lastError}` : ''}`}
                />
                {result && result !== 'testing' ? (
                  <Alert severity={result.ok ? 'success' : 'error'} sx={{ ml: 2, py: 0 }} role="status">
                    {result.ok ? `Connection works: ${result.organizationName}` : `Connection failed: ${result.failureReason}`}
                  </Alert>
                ) : null}
              </ListItem>,
              <Box component="li" key={`${t.id}-permissions`} sx={{ pl: 2, pb: 1, listStyle: 'none' }}>
                <TenantPermissions tenant={t} />
              </Box>,
            ];
          })}
        </List>
      )}
      {editing ? (
        <SecretExpiryDialog
          tenant={editing}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      ) : null}
    </Card>
  );
}
