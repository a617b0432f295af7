import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { REQUIRED_GRAPH_PERMISSIONS } from '@portal/config';
import type { Tenant } from '@portal/contracts';
import { useId, useState } from 'react';

/** Required Graph permissions the tenant's last connection test did not find in its token. */
export const missingPermissions = (tenant: Tenant): string[] | null =>
  tenant.grantedPermissions === null ? null : REQUIRED_GRAPH_PERMISSIONS.map((p) => p.name).filter((name) => !tenant.grantedPermissions!.includes(name));

/**
 * The Graph application permissions the backup needs and whether the tenant granted each, as its last
 * successful connection test read them from the token. Open at first when something is missing.
 */
export function TenantPermissions({ tenant }: { tenant: Tenant }) {
  const missing = missingPermissions(tenant);
  const [open, setOpen] = useState(Boolean(missing?.length));
  const listId = useId();
  const summary = missing === null ? 'not known yet' : missing.length ? `${missing.length} missing` : 'all granted';
  return (
    <>
      <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open} aria-controls={listId}>
        Graph permissions: {summary}
      </Button>
      {open ? (
        <List dense id={listId} aria-label={`Graph permissions of ${tenant.name}`} sx={{ pl: 2 }}>
          {missing === null ? (
            <Typography component="li" variant="body2" color="text.secondary">
              Test the connection to see which permissions the tenant granted.
            </Typography>
          ) : (
            REQUIRED_GRAPH_PERMISSIONS.map(({ name, purpose }) => {
              const granted = !missing.includes(name);
              return (
                <ListItem key={name} disableGutters>
                  <ListItemText primary={name} secondary={purpose} />
                  <Chip size="small" label={granted ? 'Granted' : 'Missing'} color={granted ? 'success' : 'warning'} variant={granted ? 'outlined' : 'filled'} />
                </ListItem>
              );
            })
          )}
        </List>
      ) : null}
    </>
  );
}
