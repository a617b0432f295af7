import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ItemPreview } from '@portal/contracts';
import { getItemDownloadLink } from '@portal/contracts/calls';
import { backupEndpoints } from '@portal/contracts/endpoints/backup';
import { useCallQuery } from '@portal/data';

/** How a file is previewed, by its content type. */
export function fileKind(contentType: string): 'image' | 'text' | 'other' {
  if (/^image\/(png|jpe?g|gif|webp|bmp)$/i.test(contentType)) return 'image';
  if (/^text\/|\/(json|xml|csv)$/i.test(contentType)) return 'text';
  return 'other';
}

/** Images from their signed download URL, text as plain text, anything else by its facts only. */
export function FilePreview({ item }: { item: ItemPreview }) {
  const kind = fileKind(item.contentType);
  const link = useCallQuery(backupEndpoints.getItemDownloadLink, getItemDownloadLink, [item.id], { enabled: kind === 'image' });
  if (kind === 'image') return link.data ? <Box component="img" src={link.data.url} alt={item.name} sx={{ maxWidth: '100%', maxHeight: 360 }} /> : null;
  if (kind === 'text' || item.bodyText)
    return (
      <Box component="pre" sx={{ whiteSpace: 'pre-wrap', maxHeight: 360, overflow: 'auto', p: 1, bgcolor: 'action.hover', borderRadius: 1, fontSize: 13 }}>
        {item.bodyText ?? ''}
      </Box>
    );
  return <Typography color="text.secondary">No preview for {item.contentType} files. Download it to open it.</Typography>;
}
