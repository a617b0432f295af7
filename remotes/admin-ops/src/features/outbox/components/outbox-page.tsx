import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import type { OutboxMessage } from '@portal/contracts';
import { getDemoOutbox } from '@portal/contracts/calls';
import { PageHeader } from '@portal/ui';
import { useCallback, useEffect, useState } from 'react';
import { errorOf } from '../../../lib/api-result';

type State = { messages: OutboxMessage[] | null; error: string | null; loading: boolean };

const sentAt = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
};

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
            · <time dateTime={message.sentAt}>{sentAt(message.sentAt)}</time>
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
  const [state, setState] = useState<State>({ messages: null, error: null, loading: true });

  const load = useCallback(async () => {
    setState((s) => ({ ...s, loading: true }));
    try {
      const result = await getDemoOutbox();
      const error = errorOf(result);
      setState((s) => (error ? { messages: s.messages, error, loading: false } : { messages: result as OutboxMessage[], error: null, loading: false }));
    } catch {
      setState((s) => ({ messages: s.messages, error: 'The outbox could not be loaded.', loading: false }));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const { messages, error, loading } = state;
  return (
    <Box>
      <PageHeader
        title="Outbox"
        subtitle="This demo portal does not send e-mail: the newest 50 messages it would have sent are kept here."
        actions={
          <Button variant="outlined" onClick={() => void load()} disabled={loading}>
            Refresh
          </Button>
        }
      />
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }} action={<Button onClick={() => void load()}>Retry</Button>}>
          {error}
        </Alert>
      ) : null}
      {messages === null ? (
        loading ? (
          <Stack spacing={1} aria-busy="true" aria-label="Loading the outbox">
            <Skeleton variant="rectangular" height={96} />
            <Skeleton variant="rectangular" height={96} />
          </Stack>
        ) : null
      ) : messages.length === 0 ? (
        <Alert severity="info">No messages yet.</Alert>
      ) : (
        <Stack spacing={1.5}>
          {messages.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
