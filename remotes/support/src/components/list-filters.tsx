import { MenuItem, Stack, TextField } from '@mui/material';
import { useDebouncedValue } from '@portal/ui';
import { useEffect, useState, type ReactNode } from 'react';

export type ListFiltersProps = {
  idPrefix: string;
  q: string;
  from: string;
  to: string;
  sort: string;
  sortOptions: ReadonlyArray<{ value: string; label: string }>;
  onChange: (changes: Partial<{ q: string; from: string; to: string; sort: string }>) => void;
  /** Extra filters (e.g. the ticket status) shown between the search and the dates. */
  children?: ReactNode;
};

/** Search (debounced), creation date range and sort order of a list. */
export function ListFilters({ idPrefix, q, from, to, sort, sortOptions, onChange, children }: ListFiltersProps) {
  const [search, setSearch] = useState(q);
  const debounced = useDebouncedValue(search);
  useEffect(() => {
    if (debounced !== q) onChange({ q: debounced });
    // Only a settled search text updates the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a URL change (q) must not send the text back
  }, [debounced]);
  useEffect(() => setSearch(q), [q]);

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }} role="search" aria-label="Filter the list">
      <TextField id={`${idPrefix}-search`} label="Search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} size="small" sx={{ minWidth: 220, flexGrow: 1 }} />
      {children}
      <TextField
        id={`${idPrefix}-from`}
        label="From"
        type="date"
        size="small"
        value={from}
        onChange={(e) => onChange({ from: e.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to || undefined } }}
      />
      <TextField
        id={`${idPrefix}-to`}
        label="To"
        type="date"
        size="small"
        value={to}
        onChange={(e) => onChange({ to: e.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }}
      />
      <TextField id={`${idPrefix}-sort`} select label="Sort by" size="small" value={sort} onChange={(e) => onChange({ sort: e.target.value })} sx={{ minWidth: 180 }}>
        {sortOptions.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
