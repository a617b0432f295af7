import { Alert, Box, Button, Divider, List, ListItem, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import type { ItemPreview } from '@portal/contracts';
import { getItemDownloadLink, getItemPreview } from '@portal/contracts/calls';
import { openSnackbar } from '@portal/ui';
import { unwrap } from '../../../lib/api-result';
import { errorText, formatBytes, formatDateTime } from '../../../lib/format';
import { useLoad } from '../../../lib/use-load';
import { FilePreview } from './file-preview';
import { MailFrame } from './mail-frame';

async function download(itemId: string) {
  try {
    const link = await unwrap(getItemDownloadLink(itemId));
    window.location.assign(link.url);
  } catch (error) {
    openSnackbar({ message: errorText(error), variant: 'alert', alert: { color: 'error', variant: 'filled' }, autoHideDuration: 6000 });
  }
}

/** The chosen item: its facts, then mail in a sandboxed frame, files by type, other items as text. */
export function ItemPreviewPane({ itemId }: { itemId: string }) {
  const preview = useLoad<ItemPreview, string>(getItemPreview, itemId);
  if (preview.load.state === 'loading') return <Skeleton variant="rectangular" height={300} aria-label="Loading preview" />;
  if (preview.load.state === 'error')
    return (
      <Alert severity="error" action={<Button onClick={preview.refresh}>Retry</Button>}>
        The preview could not be loaded: {preview.load.message}
      </Alert>
    );
  const item = preview.load.data;
  return (
    <Box component="article" aria-label={`Preview of ${item.name || '(no subject)'}`}>
      <Typography variant="h6" component="h2" sx={{ wordBreak: 'break-word' }}>
        {item.name || '(no subject)'}
      </Typography>
      <Stack spacing={0.5} sx={{ my: 1 }}>
        {item.sender ? <Typography variant="body2">From: {item.sender}</Typography> : null}
        {item.recipients.length ? <Typography variant="body2">To: {item.recipients.join(', ')}</Typography> : null}
        <Typography variant="body2" color="text.secondary">
          {item.objectName} · {item.folderPath} · {formatBytes(item.sizeBytes)} · {formatDateTime(item.modifiedAt)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          In runs {item.validFromRun}–{item.validToRun ?? 'now'}
          {item.deleted ? ' · deleted in Microsoft 365 since' : ''}
        </Typography>
      </Stack>
      <Button size="small" variant="outlined" onClick={() => download(item.id)} sx={{ mb: 1 }}>
        Download original
      </Button>
      <Divider sx={{ mb: 1 }} />
      {item.kind === 'message' || item.kind === 'channelMessage' ? (
        item.bodyHtml ? (
          <MailFrame html={item.bodyHtml} title={`Message body: ${item.name || '(no subject)'}`} />
        ) : (
          <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit' }}>
            {item.bodyText ?? ''}
          </Box>
        )
      ) : item.kind === 'file' ? (
        <FilePreview item={item} />
      ) : (
        <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit' }}>
          {item.bodyText ?? ''}
        </Box>
      )}
      {item.attachments.length ? (
        <List dense aria-label="Attachments">
          {item.attachments.map((a) => (
            <ListItem key={a.name}>
              <ListItemText primary={a.name} secondary={`${a.contentType} · ${formatBytes(a.sizeBytes)}`} />
            </ListItem>
          ))}
        </List>
      ) : null}
    </Box>
  );
}
