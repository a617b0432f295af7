import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useT } from '@portal/ui';

/** A thrown HTTP answer (a Response or an object shaped like one): its status is what went wrong. */
const isStatusError = (error: unknown): error is { status: number; statusText?: string } =>
  typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number';

/** The generic router error screen of spec section 8: the status or message of what a page threw, and its stack. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const t = useT();
  let summary: string;
  let stack: string | undefined;
  if (isStatusError(error) && !(error instanceof Error)) {
    summary = `${error.status} ${error.statusText ?? ''}`.trim();
  } else if (error instanceof Error) {
    summary = error.message;
    stack = error.stack;
  } else {
    summary = String(error);
  }
  return (
    <Box component="main" sx={{ p: 4 }}>
      <Typography variant="h2" component="h1" gutterBottom>
        {t('error.routerTitle')}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontStyle: 'italic' }}>
        {summary}
      </Typography>
      {stack ? (
        <Box component="pre" sx={{ p: 2, mt: 2, bgcolor: 'action.hover', color: 'text.primary', overflow: 'auto', fontSize: 12 }}>
          {stack}
        </Box>
      ) : null}
    </Box>
  );
}
