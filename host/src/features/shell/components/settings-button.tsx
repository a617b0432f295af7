import TuneIcon from '@mui/icons-material/Tune';
import IconButton from '@mui/material/IconButton';
import { useRef } from 'react';
import { DeferredTooltip } from './deferred-tooltip';

type Props = { label: string; onOpen: () => void };

/** The top bar's display-settings button with its tooltip (which takes the button's element from the ref). */
export function SettingsButton({ label, onOpen }: Props) {
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <IconButton ref={button} aria-label={label} aria-haspopup="dialog" onClick={onOpen}>
        <TuneIcon />
      </IconButton>
      <DeferredTooltip anchor={button} title={label} />
    </>
  );
}
