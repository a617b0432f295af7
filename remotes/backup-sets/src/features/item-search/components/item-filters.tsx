import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { BACKUP_SERVICE_LABELS, BACKUP_SERVICES } from '@portal/contracts';
import type { UpdateListState } from '@portal/ui/kit';
import { menuItems } from '@portal/ui/form';
import type { SearchValues } from '../lib/search-params';

/** Service, date range, size and attachment filters (the text search and sort live in the toolbar). */
export function ItemFilters({ values, update }: { values: SearchValues; update: UpdateListState<keyof SearchValues> }) {
  return (
    <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
      <TextField id="items-service" select size="small" label="Service" value={values.service} onChange={(e) => update({ service: e.target.value, folder: '' })} sx={{ minWidth: 150 }}>
        <MenuItem value="">All services</MenuItem>
        {menuItems(BACKUP_SERVICES, BACKUP_SERVICE_LABELS)}
      </TextField>
      <TextField id="items-from" size="small" type="date" label="Modified from" value={values.from} onChange={(e) => update({ from: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
      <TextField id="items-to" size="small" type="date" label="Modified to" value={values.to} onChange={(e) => update({ to: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
      <TextField id="items-min" size="small" type="number" label="Min size (bytes)" value={values.minSize} onChange={(e) => update({ minSize: e.target.value })} sx={{ width: 150 }} />
      <TextField id="items-max" size="small" type="number" label="Max size (bytes)" value={values.maxSize} onChange={(e) => update({ maxSize: e.target.value })} sx={{ width: 150 }} />
      <TextField id="items-attachments" select size="small" label="Attachments" value={values.hasAttachments} onChange={(e) => update({ hasAttachments: e.target.value })} sx={{ minWidth: 150 }}>
        <MenuItem value="">Any</MenuItem>
        <MenuItem value="true">With attachments</MenuItem>
        <MenuItem value="false">Without attachments</MenuItem>
      </TextField>
    </Stack>
  );
}
