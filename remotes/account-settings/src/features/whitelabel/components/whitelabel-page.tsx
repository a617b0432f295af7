import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getWhitelabel } from '@portal/contracts/calls';
import { accountEndpoints } from '@portal/contracts/endpoints/account';
import { PageHeader } from '@portal/ui';
import { PageQueryState } from '../../../components/page-query-state';
import { useUserQuery } from '../../../lib/use-user-query';
import { SenderVerification } from './sender-verification';
import { WhitelabelForm } from './whitelabel-form';

/** /whitelabel (ADMIN, PARTNER, DIRECTPARTNER): the organisation's branding, with a live preview. */
export function WhitelabelPage() {
  const { userId, query, replace } = useUserQuery(accountEndpoints.getWhitelabel, getWhitelabel);

  return (
    <Box>
      <PageHeader title="Whitelabel" />
      <Card variant="outlined">
        <CardContent>
          <PageQueryState query={query} noun="white-label settings" failed={(message) => `White-label settings could not be loaded: ${message}`}>
            {(data) =>
              !data.canEdit ? (
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
                  <WhitelabelForm userId={userId} data={data} onSaved={replace} />
                  {data.sender ? <SenderVerification userId={userId} sender={data.sender} onChanged={replace} /> : null}
                </Stack>
              )
            }
          </PageQueryState>
        </CardContent>
      </Card>
    </Box>
  );
}
