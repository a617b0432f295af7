import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import { BACKUP_SERVICE_LABELS, type TreeNode } from '@portal/contracts';
import { getSnapshotTree } from '@portal/contracts/calls';
import { backupEndpoints } from '@portal/contracts/endpoints/backup';
import { errorMessageOf, useCallQuery } from '@portal/data';
import { countLabel } from '@portal/ui';
import { useState } from 'react';

interface FolderTreeProps {
  snapshotId: string;
  /** The chosen folder key, or several keys where many may be chosen. */
  selected: string | readonly string[];
  onSelect: (node: TreeNode) => void;
}

/** The snapshot's folder tree, one level loaded at a time as folders are expanded. */
export function FolderTree(props: FolderTreeProps) {
  return (
    <Box role="tree" aria-label="Folders">
      <FolderLevel {...props} depth={0} />
    </Box>
  );
}

function FolderLevel({ snapshotId, parent, selected, onSelect, depth }: FolderTreeProps & { parent?: string; depth: number }) {
  const level = useCallQuery(backupEndpoints.getSnapshotTree, getSnapshotTree, [snapshotId, parent]);
  if (level.isError) return <Alert severity="error">The folders could not be loaded: {errorMessageOf(level.error)}</Alert>;
  if (level.data === undefined) return <Skeleton height={32} sx={{ ml: depth * 2 }} aria-label="Loading folders" />;
  if (level.data.nodes.length === 0) return depth === 0 ? <Alert severity="info">This snapshot holds no folders.</Alert> : null;
  return (
    <List dense disablePadding role="group">
      {level.data.nodes.map((node) => (
        <FolderNode key={node.key} node={node} snapshotId={snapshotId} selected={selected} onSelect={onSelect} depth={depth} />
      ))}
    </List>
  );
}

function FolderNode({ node, snapshotId, selected, onSelect, depth }: Omit<FolderTreeProps, 'snapshotId'> & { node: TreeNode; snapshotId: string; depth: number }) {
  const [open, setOpen] = useState(false);
  const isSelected = typeof selected === 'string' ? selected === node.key : selected.includes(node.key);
  // The first level is one node per service (path ''): shown by the service's name.
  const label = node.path === '' ? BACKUP_SERVICE_LABELS[node.service] : node.name;
  return (
    <>
      <ListItem disablePadding role="treeitem" aria-expanded={node.hasChildren ? open : undefined} aria-selected={isSelected} sx={{ pl: depth * 2 }}>
        {node.hasChildren ? (
          <IconButton size="small" onClick={() => setOpen((o) => !o)} aria-label={`${open ? 'Collapse' : 'Expand'} ${label}`}>
            {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
          </IconButton>
        ) : (
          <Box sx={{ width: 34 }} />
        )}
        <ListItemButton selected={isSelected} onClick={() => onSelect(node)}>
          <ListItemText primary={label} secondary={countLabel(node.itemCount, 'item')} />
        </ListItemButton>
      </ListItem>
      {open ? <FolderLevel snapshotId={snapshotId} parent={node.key} selected={selected} onSelect={onSelect} depth={depth + 1} /> : null}
    </>
  );
}
