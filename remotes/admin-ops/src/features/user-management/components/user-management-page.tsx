import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { getOrganisationTree } from '@portal/contracts/calls';
import { adminEndpoints } from '@portal/contracts/endpoints/admin';
import { useCallQuery } from '@portal/data';
import { countLabel, PageHeader } from '@portal/ui';
import { ChangeAction, ConsentOutcome, QueryState } from '@portal/ui/kit';
import { useMemo, useState } from 'react';
import { KIND_LABELS, flattenTree } from '../lib/organisation-tree';
import { CreateOrganisationDialog } from './create-organisation-dialog';
import { OrganisationDetails } from './organisation-details';

/** /user-management: the caller's organisation subtree, its organisations and their users. */
export function UserManagementPage() {
  const tree = useCallQuery(adminEndpoints.getOrganisationTree, getOrganisationTree, []);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [createOpen, setCreateOpen] = useState(false);

  const items = useMemo(() => (tree.data ? flattenTree(tree.data.organisations, tree.data.rootId) : []), [tree.data]);
  // The chosen organisation while it is in the tree; the caller's own otherwise (first load, or once it is deleted).
  const selected = tree.data?.organisations.find((o) => o.id === selectedId) ?? tree.data?.organisations.find((o) => o.id === tree.data?.rootId) ?? null;
  const canCreate = (tree.data?.creatableKinds.length ?? 0) > 0;
  // Changes reload the tree themselves (their mutations invalidate it); this only moves the selection.
  const select = (id?: string) => setSelectedId(id ?? null);

  return (
    <Box>
      <PageHeader
        title="User Management"
        subtitle="Organisations you manage and their users"
        actions={
          canCreate ? (
            <ChangeAction>
              <Button variant="contained" onClick={() => setCreateOpen(true)}>
                New organisation
              </Button>
            </ChangeAction>
          ) : null
        }
      />
      <ConsentOutcome />
      <QueryState query={tree} noun="organisations">
        {() => (
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              <Card variant="outlined" component="nav" aria-label="Organisations">
                <List dense>
                  {items.map(({ node, depth }) => (
                    <ListItemButton
                      key={node.id}
                      selected={node.id === selected?.id}
                      aria-current={node.id === selected?.id ? 'true' : undefined}
                      onClick={() => setSelectedId(node.id)}
                      sx={{ pl: 2 + depth * 2 }}
                    >
                      <ListItemText
                        primary={node.name}
                        secondary={`${KIND_LABELS[node.kind]} · ${countLabel(node.userCount, 'user')} · ${countLabel(node.seats, 'seat')}${node.suspended ? ' · suspended' : ''}`}
                      />
                    </ListItemButton>
                  ))}
                </List>
                {items.length === 1 ? (
                  <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
                    No organisations below yours yet.
                  </Typography>
                ) : null}
              </Card>
            </Grid>
            <Grid size={{ xs: 12, md: 8 }}>{selected ? <OrganisationDetails key={selected.id} organisation={selected} onChanged={select} /> : null}</Grid>
          </Grid>
        )}
      </QueryState>
      {tree.data && canCreate ? (
        <CreateOrganisationDialog open={createOpen} kinds={tree.data.creatableKinds} onClose={() => setCreateOpen(false)} onCreated={select} />
      ) : null}
    </Box>
  );
}
