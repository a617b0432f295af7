import { Card, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { TenantGraphHealth } from '@portal/contracts';
import { StatusChip } from '../../../components/status-chip';
import { formatLatency } from './health-format';

/** Each connected backup tenant: can the portal get a token and read from Microsoft Graph? */
export function TenantConnectivityTable({ tenants }: { tenants: TenantGraphHealth[] }) {
  return (
    <TableContainer component={Card} variant="outlined">
      <Table size="small">
        <caption style={{ captionSide: 'top' }}>Microsoft Graph connectivity of each connected backup tenant (checked at most once a minute)</caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Tenant</TableCell>
            <TableCell scope="col">Organisation</TableCell>
            <TableCell scope="col">M365 organisation</TableCell>
            <TableCell scope="col">Status</TableCell>
            <TableCell scope="col" align="right">
              Latency
            </TableCell>
            <TableCell scope="col">Error</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tenants.length === 0 ? (
            <TableRow>
              <TableCell colSpan={6}>
                <Typography variant="body2" color="text.secondary">
                  No backup tenant is connected.
                </Typography>
              </TableCell>
            </TableRow>
          ) : (
            tenants.map((tenant) => (
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
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
