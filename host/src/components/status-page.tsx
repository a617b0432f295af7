import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { paths } from '@portal/config';
import { useT, type MessageKey } from '@portal/ui';
import { Link as RouterLink } from 'react-router-dom';

const STATUS: Record<403 | 404, { title: MessageKey; text: MessageKey }> = {
  403: { title: 'status.forbiddenTitle', text: 'status.forbiddenText' },
  404: { title: 'status.notFoundTitle', text: 'status.notFoundText' },
};

/** The 403 (role may not open the route) and 404 (unknown path) pages, inside the shell. */
export function StatusPage({ status }: { status: 403 | 404 }) {
  const t = useT();
  const { title, text } = STATUS[status];
  return (
    <Stack spacing={2} sx={{ py: 6, alignItems: 'center', textAlign: 'center' }}>
      <Typography variant="h1" component="h1" sx={{ fontSize: '4rem' }}>
        {status}
      </Typography>
      <Typography variant="h3" component="p">
        {t(title)}
      </Typography>
      <Typography color="text.secondary">{t(text)}</Typography>
      <Button variant="contained" component={RouterLink} to={paths.dashboard}>
        {t('status.backToDashboard')}
      </Button>
    </Stack>
  );
}
