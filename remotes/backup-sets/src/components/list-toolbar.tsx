import { MenuItem, Stack, TextField } from '@mui/material';
import { useDebouncedValue } from '@portal/ui';
import { useEffect, useState, type ReactNode } from 'react';

interface ListToolbarProps {
  idPrefix: string;
  q: string;
  sort: string;
  sortOptions: ReadonlyArray<{ value: string; label: string }>;
  onChange: (changes: { q?: string; sort?: string }) => void;
  searchLabel?: string;
  children?: ReactNode;
}

/** Search box (debounced into the URL), sort select and the page's own filters, in one row. */
export function ListToolbar({ idPrefix, q, sort, sortOptions, onChange, searchLabel = 'Search', children }: ListToolbarProps) {
  const [text, setText] = useState(q);
  const debounced = useDebouncedValue(text, 300);
  // Follows the URL when it changes from elsewhere (Back, a link).
  useEffect(() => setText(q), [q]);
  useEffect(() => {
    if (debounced !== q) onChange({ q: debounced.trim() });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a settled search text updates the URL; a URL change (q) must not send it back
  }, [debounced]);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }} useFlexGap flexWrap="wrap">
      <TextField
        id={`${idPrefix}-search`}
        type="search"
        size="small"
        label={searchLabel}
        value={text}
        onChange={(e) => setText(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        sx={{ minWidth: 240 }}
      />
      {children}
      <TextField id={`${idPrefix}-sort`} select size="small" label="Sort by" value={sort} onChange={(e) => onChange({ sort: e.target.value })} sx={{ minWidth: 200 }}>
        {sortOptions.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
