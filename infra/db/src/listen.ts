import { Client } from 'pg';

/** Called with each notification's payload on the channel. */
export type NotifyHandler = (payload: string) => void;

/**
 * Told whether notifications can currently arrive. While false, some may have been missed: a
 * listener that caches on the strength of notifications must stop trusting its cache.
 */
export type ListenStateHandler = (connected: boolean) => void;

export interface Subscription {
  /** True while notifications are being received. */
  readonly connected: boolean;
  /**
   * Resolves once every notification committed before the call has been handed to the handler (or
   * the connection was lost, which `onState` reports). PostgreSQL delivers asynchronously; a round
   * trip on the listening connection flushes what was committed before it.
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

// Channel names go into a LISTEN statement, which takes no parameters.
export function assertSafeChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Unsafe channel name: ${channel}`);
  return channel;
}

const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 5_000;
// A connection whose peer vanished without a reset looks alive until something is sent on it; a
// periodic round trip finds out, so a silently dead listener cannot keep the caller trusting it.
const HEARTBEAT_MS = 10_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;

/**
 * LISTEN on a dedicated PostgreSQL connection, outside the pool: a pooled client is handed to other
 * work and loses its LISTEN. Reconnects with backoff after any error or end, and reports every
 * change of state; resolves after the first attempt, whether or not it connected.
 */
export async function listenPostgres(
  databaseUrl: string,
  channel: string,
  onNotify: NotifyHandler,
  onState: ListenStateHandler = () => undefined,
): Promise<Subscription> {
  const name = assertSafeChannel(channel);
  let client: Client | null = null;
  let connected = false;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const setConnected = (value: boolean) => {
    if (connected === value) return;
    connected = value;
    onState(value);
  };

  const drop = (dead: Client): Promise<void> => {
    if (client !== dead) return Promise.resolve();
    client = null;
    clearInterval(heartbeat);
    setConnected(false);
    dead.removeAllListeners('notification');
    dead.on('error', () => undefined);
    const ended = dead.end().catch(() => undefined);
    if (!closed) {
      retryTimer = setTimeout(() => void connect(), retryMs);
      retryTimer.unref();
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    }
    return ended;
  };

  const connect = async () => {
    // Named after the channel, so an operator (or a test) can find the connection in pg_stat_activity.
    const next = new Client({ connectionString: databaseUrl, keepAlive: true, application_name: `listen:${name}` });
    client = next;
    next.on('error', () => void drop(next));
    next.on('end', () => void drop(next));
    next.on('notification', (message) => {
      if (message.channel === name) onNotify(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${name}`);
    } catch {
      void drop(next);
      return;
    }
    if (client !== next || closed) return;
    retryMs = RETRY_FIRST_MS;
    heartbeat = setInterval(() => {
      const timeout = setTimeout(() => void drop(next), HEARTBEAT_TIMEOUT_MS);
      timeout.unref();
      next.query('select 1').then(
        () => clearTimeout(timeout),
        () => {
          clearTimeout(timeout);
          void drop(next);
        },
      );
    }, HEARTBEAT_MS);
    heartbeat.unref();
    setConnected(true);
  };

  // Callers that arrive before a round trip is sent share it; one sent earlier proves nothing to them.
  let unsent: Promise<void> | null = null;
  let inFlight: Promise<void> = Promise.resolve();
  const sync = (): Promise<void> => {
    unsent ??= inFlight.then(() => {
      unsent = null;
      const current = client;
      inFlight = current && connected ? current.query('select 1').then(() => undefined, () => drop(current)) : Promise.resolve();
      return inFlight;
    });
    return unsent;
  };

  await connect();
  return {
    get connected() {
      return connected;
    },
    sync,
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(retryTimer);
      if (client) await drop(client);
    },
  };
}
