import TuneIcon from '@mui/icons-material/Tune';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { DeferredTooltip } from './deferred-tooltip';

type Props = { label: string; onOpen: () => void };

/**
 * The top bar's display-settings button with its tooltip. The tooltip needs the button's element,
 * which arrives through a ref callback as state: kept here, that state change re-renders this button
 * only, not the whole shell and page right after they mount (about 800 components on the dashboard).
 */
export function SettingsButton({ label, onOpen }: Props) {
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  return (
    <>
      <IconButton ref={setButton} aria-label={label} aria-haspopup="dialog" onClick={onOpen}>
        <TuneIcon />
      </IconButton>
      <DeferredTooltip anchor={button} title={label} />
    </>
  );
}
