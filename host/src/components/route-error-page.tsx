import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useT } from '@portal/ui';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** The generic router error screen of spec section 8. */
export function RouteErrorPage() {
  const t = useT();
  const error = useRouteError();
  let summary: string;
  let stack: string | undefined;
  if (isRouteErrorResponse(error)) {
    summary = `${error.status} ${error.statusText}`.trim();
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
