import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

export interface SecretOnceDialogProps {
  /** The secret and what it is; null closes the dialog (the page then forgets the secret). */
  shown: { secret: string; message: string; label: string } | null;
  title: string;
  /** The copy button's name, e.g. "Copy API key". */
  copyLabel: string;
  onClose: () => void;
}

/**
 * The one time a secret (an API key, a webhook's signing secret) is shown: a read-only field, left to
 * right even in RTL, and a copy button whose result is announced.
 */
export function SecretOnceDialog({ shown, title, copyLabel, onClose }: SecretOnceDialogProps) {
  const titleId = useId();
  const warningId = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const close = () => {
    setCopied(null);
    onClose();
  };
  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <Dialog open={shown !== null} onClose={close} aria-labelledby={titleId} aria-describedby={warningId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning" id={warningId}>
            {shown?.message} Store it in your tool's secret store; if it is lost, replace it with a new one.
          </Alert>
          <TextField
            label={shown?.label ?? ''}
            value={shown?.secret ?? ''}
            fullWidth
            slotProps={{
              htmlInput: {
                readOnly: true,
                dir: 'ltr',
                spellCheck: false,
                // The theme's font, not monospace: Chromium on Linux draws DejaVu Sans Mono's underscores
                // outside an input's box, so the key's separators would look like spaces.
                onFocus: (event: React.FocusEvent<HTMLInputElement>) => event.target.select(),
              },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title={copyLabel}>
                      <IconButton aria-label={copyLabel} onClick={() => void copy()} edge="end">
                        <ContentCopy fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Typography role="status" variant="body2" color={copied === 'failed' ? 'error' : 'text.secondary'} sx={{ minHeight: '1.5em' }}>
            {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'failed' ? 'Copying failed: select the key and copy it yourself.' : ''}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={close}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
