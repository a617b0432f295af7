import { unwrap } from '@portal/data';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';
import type { Region } from '@portal/contracts';
import { getRegions } from '@portal/contracts/calls';
import { useCallback, useEffect, useState } from 'react';

type RegionsState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; regions: Region[] };

export const REGIONS_ERROR = 'Regions could not be loaded.';

/** The data-residency region of a new organisation, from `GET api/regions` (native select: keyboard and screen-reader friendly). */
export function RegionField({ helperText, error, ...props }: Omit<TextFieldProps, 'select'>) {
  const [state, setState] = useState<RegionsState>({ status: 'loading' });

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      setState({ status: 'ready', regions: unwrap(await getRegions()) as Region[] });
    } catch {
      setState({ status: 'error', message: REGIONS_ERROR });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const loading = state.status === 'loading';
  return (
    <Stack spacing={1}>
      <TextField
        {...props}
        select
        disabled={loading || state.status === 'error'}
        error={error || state.status === 'error'}
        helperText={state.status === 'error' ? state.message : loading ? 'Loading regions…' : helperText}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          input: loading
            ? {
                endAdornment: (
                  <InputAdornment position="end" sx={{ mr: 3 }}>
                    <CircularProgress size={18} aria-hidden />
                  </InputAdornment>
                ),
              }
            : undefined,
        }}
      >
        <option value="">{loading ? 'Loading…' : 'Select a region'}</option>
        {state.status === 'ready'
          ? state.regions.map((region) => (
              <option key={region.id} value={region.id}>
                {region.name}
              </option>
            ))
          : null}
      </TextField>
      {state.status === 'error' ? (
        <Button size="small" onClick={() => void load()} sx={{ alignSelf: 'flex-start' }}>
          Retry loading regions
        </Button>
      ) : null}
    </Stack>
  );
}
