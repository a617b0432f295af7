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
import type { CreatedApiKey } from '@portal/contracts';
import { useId, useState } from 'react';

/**
 * The one time a key's secret is shown: read-only field (left to right even in RTL, it is code) and
 * a copy button whose result is announced. Closing forgets the secret.
 */
export function NewApiKeyDialog({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  const titleId = useId();
  const warningId = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const close = () => {
    setCopied(null);
    onClose();
  };
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <Dialog open={created !== null} onClose={close} aria-labelledby={titleId} aria-describedby={warningId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Copy your new API key</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning" id={warningId}>
            {created?.message} Store it in your tool's secret store; if it is lost, revoke it and create another.
          </Alert>
          <TextField
            label={`API key “${created?.key.name ?? ''}”`}
            value={created?.secret ?? ''}
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
                    <Tooltip title="Copy API key">
                      <IconButton aria-label="Copy API key" onClick={() => void copy()} edge="end">
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
