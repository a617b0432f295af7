import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type ReactNode } from 'react';
import { useDebouncedValue } from '@portal/ui/base';

export interface ListFiltersProps {
  idPrefix: string;
  q: string;
  sort: string;
  sortOptions: ReadonlyArray<{ value: string; label: string }>;
  onChange: (changes: Partial<{ q: string; from: string; to: string; sort: string }>) => void;
  searchLabel?: string;
  /** A date range (from, to) is offered when both are given. */
  from?: string;
  to?: string;
  /** The page's own filters (a status, say), between the search and the dates. */
  children?: ReactNode;
}

/** A list's search (debounced into the URL), its own filters, an optional date range and the sort order. */
export function ListFilters({ idPrefix, q, sort, sortOptions, onChange, searchLabel = 'Search', from, to, children }: ListFiltersProps) {
  const [text, setText] = useState(q);
  const debounced = useDebouncedValue(text, 300);
  // Follows the URL when it changes from elsewhere (Back, a link).
  useEffect(() => setText(q), [q]);
  useEffect(() => {
    // Only a settled search text updates the URL; a URL change (q) must not send it back.
    if (debounced.trim() !== q) onChange({ q: debounced.trim() });
  }, [debounced]); // eslint-disable-line react-hooks/exhaustive-deps -- see above
  const dates = from !== undefined && to !== undefined;

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }} useFlexGap flexWrap="wrap" role="search" aria-label="Filter the list">
      <TextField
        id={`${idPrefix}-search`}
        type="search"
        size="small"
        label={searchLabel}
        value={text}
        onChange={(e) => setText(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        sx={{ minWidth: 220, flexGrow: 1 }}
      />
      {children}
      {dates ? (
        <>
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
        </>
      ) : null}
      <TextField id={`${idPrefix}-sort`} select size="small" label="Sort by" value={sort} onChange={(e) => onChange({ sort: e.target.value })} sx={{ minWidth: 180 }}>
        {sortOptions.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
