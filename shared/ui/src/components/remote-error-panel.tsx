import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useT } from '@portal/ui/base';

export interface RemoteErrorPanelProps {
  title?: string;
  error?: unknown;
  onRetry: () => void;
}

const messageOf = (error: unknown): string | undefined => {
  if (error === undefined || error === null) return undefined;
  if (error instanceof Error) return error.message;
  return String(error);
};

/** Shown inside the shell when a micro-frontend fails to load, so the rest of the portal keeps working. */
export function RemoteErrorPanel({ title, error, onRetry }: RemoteErrorPanelProps) {
  const t = useT();
  const detail = messageOf(error);
  return (
    <Card>
      <CardContent>
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          }
        >
          {title ? <AlertTitle>{title}</AlertTitle> : null}
          <Typography variant="body2">{t('error.remoteLoadFailed')}</Typography>
          {detail ? (
            <Typography variant="body2" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
              {detail}
            </Typography>
          ) : null}
        </Alert>
      </CardContent>
    </Card>
  );
}
