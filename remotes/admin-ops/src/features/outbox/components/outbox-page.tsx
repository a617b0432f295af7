import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OutboxMessage } from '@portal/contracts';
import { getDemoOutbox } from '@portal/contracts/calls';
import { accountEndpoints } from '@portal/contracts/endpoints/account';
import { useCallQuery } from '@portal/data';
import { formatDateTime, PageHeader } from '@portal/ui';
import { QueryState } from '@portal/ui/kit';

function MessageCard({ message }: { message: OutboxMessage }) {
  const headingId = `outbox-${message.id}`;
  return (
    <Card variant="outlined" component="article" aria-labelledby={headingId}>
      <CardContent>
        <Stack spacing={0.5}>
          <Typography id={headingId} variant="subtitle1" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {message.subject}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            To <bdi>{message.to}</bdi> · from <bdi>{message.from}</bdi>
            {message.replyTo ? (
              <>
                {' '}
                · reply to <bdi>{message.replyTo}</bdi>
              </>
            ) : null}{' '}
            · <time dateTime={message.sentAt}>{formatDateTime(message.sentAt)}</time>
          </Typography>
          {/* Plain text as the recipient would read it; never markup. */}
          <Typography component="pre" variant="body2" sx={{ m: 0, mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit' }}>
            {message.text}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * /outbox (ADMIN, demo mode only): the mail a demo portal keeps instead of sending, newest first,
 * so whoever tries the portal can read sign-in, reset and verification codes.
 */
export function OutboxPage() {
  const outbox = useCallQuery(accountEndpoints.getDemoOutbox, getDemoOutbox, []);
  return (
    <Box>
      <PageHeader
        title="Outbox"
        subtitle="This demo portal does not send e-mail: the newest 50 messages it would have sent are kept here."
        actions={
          <Button variant="outlined" onClick={() => void outbox.refetch()} disabled={outbox.isFetching}>
            Refresh
          </Button>
        }
      />
      <QueryState query={outbox} noun="outbox" rows={2} isEmpty={(messages) => messages.length === 0} empty="No messages yet.">
        {(messages) => (
          <Stack spacing={1.5}>
            {messages.map((message) => (
              <MessageCard key={message.id} message={message} />
            ))}
          </Stack>
        )}
      </QueryState>
    </Box>
  );
}
