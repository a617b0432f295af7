import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { paths } from '@portal/config';
import { BACKUP_SERVICE_LABELS, type BackupService, type TreeNode } from '@portal/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { FolderTree } from '../../../components/folder-tree';

export type SelectionMode = 'snapshot' | 'folders';

interface SelectionStepProps {
  mode: SelectionMode;
  onMode: (mode: SelectionMode) => void;
  snapshotId: string;
  services: BackupService[];
  chosenServices: BackupService[];
  onServices: (services: BackupService[]) => void;
  folders: string[];
  onFolders: (folders: string[]) => void;
  itemSearchPath: string;
}

/** What to restore: the whole snapshot (some services), chosen folders, or items via item search. */
export function SelectionStep(props: SelectionStepProps) {
  const { mode, onMode, snapshotId, services, chosenServices, onServices, folders, onFolders, itemSearchPath } = props;
  const toggleFolder = (node: TreeNode) => onFolders(folders.includes(node.key) ? folders.filter((f) => f !== node.key) : [...folders, node.key]);
  return (
    <Stack spacing={2}>
      <RadioGroup aria-label="What to restore" value={mode} onChange={(e) => onMode(e.target.value as SelectionMode)}>
        <FormControlLabel value="snapshot" control={<Radio />} label="The whole snapshot" />
        <FormControlLabel value="folders" control={<Radio />} label="Chosen folders" />
      </RadioGroup>
      {mode === 'snapshot' && services.length > 1 ? (
        <FormGroup>
          <FormLabel>Services</FormLabel>
          {services.map((s) => (
            <FormControlLabel
              key={s}
              label={BACKUP_SERVICE_LABELS[s]}
              control={<Checkbox checked={chosenServices.includes(s)} onChange={(e) => onServices(e.target.checked ? [...chosenServices, s] : chosenServices.filter((x) => x !== s))} />}
            />
          ))}
        </FormGroup>
      ) : null}
      {mode === 'folders' ? (
        <>
          <Typography variant="body2" color="text.secondary" role="status">
            {folders.length} {folders.length === 1 ? 'folder' : 'folders'} chosen (a folder includes its subfolders). Click a folder to choose it.
          </Typography>
          <FolderTree snapshotId={snapshotId} selected={folders} onSelect={toggleFolder} />
        </>
      ) : null}
      <Typography variant="body2">
        Single items?{' '}
        <Button component={RouterLink} to={itemSearchPath} size="small">
          Find them in item search
        </Button>
      </Typography>
    </Stack>
  );
}
export const itemSearchFor = (type: string, objectId: string, setId: string, snapshotId: string) =>
  `${paths.itemSearch.build({ backupSetType: type, backupSetUserId: objectId, backupSetId: setId })}?snapshotId=${snapshotId}`;
