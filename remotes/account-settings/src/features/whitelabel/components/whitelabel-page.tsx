import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import type { WhitelabelResponse } from '@portal/contracts';
import { getWhitelabel } from '@portal/contracts/calls';
import { PageHeader } from '@portal/ui';
import { useUserResource } from '../../../lib/use-user-resource';
import { SenderVerification } from './sender-verification';
import { WhitelabelForm } from './whitelabel-form';

/** /whitelabel (ADMIN, PARTNER, DIRECTPARTNER): the organisation's branding, with a live preview. */
export function WhitelabelPage() {
  const { userId, data, setData, problem, load } = useUserResource<WhitelabelResponse>(getWhitelabel);

  return (
    <Box>
      <PageHeader title="Whitelabel" />
      <Card variant="outlined">
        <CardContent>
          {problem ? (
            <Alert severity="error" action={<Button onClick={() => void load()}>Retry</Button>}>
              White-label settings could not be loaded: {problem}
            </Alert>
          ) : !data || !userId ? (
            <Stack spacing={1} aria-busy="true" aria-label="Loading white-label settings">
              <Skeleton width="50%" />
              <Skeleton width="70%" />
              <Skeleton variant="rectangular" height={120} />
            </Stack>
          ) : !data.canEdit ? (
            <Alert severity="info">Only administrators and partners manage white-label settings.</Alert>
          ) : (
            <Stack spacing={2}>
              <Typography variant="body2" color="text.secondary">
                {data.own
                  ? 'Your organisation uses its own branding.'
                  : data.sourceOrganisationName
                    ? `Your organisation currently shows the branding of ${data.sourceOrganisationName}. Save settings to use your own.`
                    : 'Your organisation uses the product default. Save settings to brand the portal and its e-mail.'}
              </Typography>
              <WhitelabelForm userId={userId} data={data} onSaved={setData} />
              {data.sender ? <SenderVerification userId={userId} sender={data.sender} onChanged={setData} /> : null}
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
