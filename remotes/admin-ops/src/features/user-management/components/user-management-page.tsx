import { Alert, Box, Button, Card, CircularProgress, Grid, List, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import type { OrganisationTree } from '@portal/contracts';
import { getOrganisationTree } from '@portal/contracts/calls';
import { ChangeAction, countLabel, PageHeader } from '@portal/ui';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorOf } from '../../../lib/api-result';
import { KIND_LABELS, flattenTree } from '../lib/organisation-tree';
import { CreateOrganisationDialog } from './create-organisation-dialog';
import { OrganisationDetails } from './organisation-details';

type State = { tree: OrganisationTree | null; loading: boolean; error: string | null };

/** /user-management: the caller's organisation subtree, its organisations and their users. */
export function UserManagementPage() {
  const [state, setState] = useState<State>({ tree: null, loading: true, error: null });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [createOpen, setCreateOpen] = useState(false);

  const load = useCallback(async (selectId?: string) => {
    setState((s) => ({ ...s, loading: true }));
    const result = await getOrganisationTree();
    const error = errorOf(result);
    if (error) {
      setState({ tree: null, loading: false, error });
      return;
    }
    const tree = result as OrganisationTree;
    setState({ tree, loading: false, error: null });
    setSelectedId((current) => {
      const wanted = selectId ?? current;
      return wanted && tree.organisations.some((o) => o.id === wanted) ? wanted : tree.rootId;
    });
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const items = useMemo(() => (state.tree ? flattenTree(state.tree.organisations, state.tree.rootId) : []), [state.tree]);
  const selected = state.tree?.organisations.find((o) => o.id === selectedId) ?? null;
  const canCreate = (state.tree?.creatableKinds.length ?? 0) > 0;

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
      {state.error ? (
        <Alert severity="error" action={<Button onClick={() => void load()}>Retry</Button>}>
          {state.error}
        </Alert>
      ) : !state.tree ? (
        <Stack direction="row" spacing={1} alignItems="center" role="status">
          <CircularProgress size={24} />
          <Typography>Loading organisations…</Typography>
        </Stack>
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Card variant="outlined" component="nav" aria-label="Organisations">
              <List dense>
                {items.map(({ node, depth }) => (
                  <ListItemButton
                    key={node.id}
                    selected={node.id === selectedId}
                    aria-current={node.id === selectedId ? 'true' : undefined}
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
          <Grid size={{ xs: 12, md: 8 }}>{selected ? <OrganisationDetails key={selected.id} organisation={selected} onChanged={(id) => void load(id)} /> : null}</Grid>
        </Grid>
      )}
      {state.tree && canCreate ? (
        <CreateOrganisationDialog
          open={createOpen}
          kinds={state.tree.creatableKinds}
          onClose={() => setCreateOpen(false)}
          onCreated={(id) => void load(id)}
        />
      ) : null}
    </Box>
  );
}
