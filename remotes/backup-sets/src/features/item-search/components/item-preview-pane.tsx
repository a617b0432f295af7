import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getItemDownloadLink, getItemPreview } from '@portal/contracts/calls';
import { backupEndpoints } from '@portal/contracts/endpoints/backup';
import { errorMessageOf, useCallMutation, useCallQuery } from '@portal/data';
import { formatBytes, formatDateTime } from '@portal/ui';
import { notify } from '../../../lib/notify';
import { FilePreview } from './file-preview';
import { MailFrame } from './mail-frame';

/** The chosen item: its facts, then mail in a sandboxed frame, files by type, other items as text. */
export function ItemPreviewPane({ itemId }: { itemId: string }) {
  const preview = useCallQuery(backupEndpoints.getItemPreview, getItemPreview, [itemId]);
  // The download link is signed and short-lived: asked for on the click, then followed.
  const download = useCallMutation((id: string) => getItemDownloadLink(id), {
    onSuccess: (link) => window.location.assign(link.url),
    onError: (error) => notify(errorMessageOf(error), 'error'),
  });
  if (preview.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => void preview.refetch()}>Retry</Button>}>
        The preview could not be loaded: {errorMessageOf(preview.error)}
      </Alert>
    );
  if (preview.data === undefined) return <Skeleton variant="rectangular" height={300} aria-label="Loading preview" />;
  const item = preview.data;
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
      <Button size="small" variant="outlined" onClick={() => download.mutate(item.id)} sx={{ mb: 1 }}>
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
