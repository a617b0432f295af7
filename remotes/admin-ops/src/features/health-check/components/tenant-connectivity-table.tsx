import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { TenantGraphHealth } from '@portal/contracts';
import { ListTable } from '@portal/ui/kit';
import { StatusChip } from '../../../components/status-chip';
import { formatLatency } from './health-format';

/** Each connected backup tenant: can the portal get a token and read from Microsoft Graph? */
export function TenantConnectivityTable({ tenants }: { tenants: TenantGraphHealth[] }) {
  return (
    <ListTable
      outlined
      caption="Microsoft Graph connectivity of each connected backup tenant (checked at most once a minute)"
      columns={['Tenant', 'Organisation', 'M365 organisation', 'Status', { label: 'Latency', align: 'right' }, 'Error']}
      empty={tenants.length === 0 ? 'No backup tenant is connected.' : null}
    >
      {tenants.map((tenant) => (
        <TableRow key={tenant.id}>
          <TableCell component="th" scope="row">
            {tenant.name}
          </TableCell>
          <TableCell>{tenant.organisationName}</TableCell>
          <TableCell>{tenant.graphOrganization ?? '—'}</TableCell>
          <TableCell>
            <StatusChip status={tenant.status} />
          </TableCell>
          <TableCell align="right">{formatLatency(tenant.latencyMs)}</TableCell>
          <TableCell sx={{ maxWidth: 360, wordBreak: 'break-word' }}>{tenant.error ?? '—'}</TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}
