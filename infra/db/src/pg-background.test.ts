import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { Client } from 'pg';
import { openDatabase, type Db } from './database';
import { BACKGROUND_APPLICATION_NAME } from './pg-background';

// On the local PostgreSQL (DATABASE_URL, else the test database on this machine).
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

const open: Db[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.close()));
});

async function session(options: { background?: boolean; url?: string }): Promise<{ pid: number; name: string }> {
  const db = await openDatabase({ databaseUrl: options.url ?? databaseUrl, poolSize: 1, background: options.background });
  open.push(db);
  return (await db.query<{ pid: number; name: string }>(`select pg_backend_pid() as pid, current_setting('application_name') as name`)).rows[0];
}

/** Whether this process may change the priority of `pid` (root, or the same user). */
function mayRenice(pid: number): boolean {
  const uid = /^Uid:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return process.getuid?.() === 0 || Number(uid) === process.getuid?.();
}

test('a background pool names its sessions and runs their server processes at the lowest priority; another pool is left alone', async () => {
  const background = await session({ background: true });
  const plain = await session({});
  expect(background.name).toBe(BACKGROUND_APPLICATION_NAME);
  expect(plain.name).not.toBe(BACKGROUND_APPLICATION_NAME);
  const serverPriority = os.getPriority(plain.pid);
  expect(serverPriority).toBeLessThan(os.constants.priority.PRIORITY_LOW);
  // Asked on the session's own connection before its first statement: set by the time that returns.
  expect(os.getPriority(background.pid)).toBe(mayRenice(background.pid) ? os.constants.priority.PRIORITY_LOW : serverPriority);
});

test('a server that does not see this very socket (here, reached through a relay) is left alone', async () => {
  const target = new URL(databaseUrl);
  const relay = net.createServer((socket) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  try {
    const relayed = new URL(databaseUrl);
    relayed.hostname = '127.0.0.1';
    relayed.port = String((relay.address() as net.AddressInfo).port);
    const background = await session({ background: true, url: relayed.href });
    const plain = await session({});
    expect(background.name).toBe(BACKGROUND_APPLICATION_NAME);
    expect(os.getPriority(background.pid)).toBe(os.getPriority(plain.pid));
  } finally {
    await Promise.all(open.splice(0).map((db) => db.close()));
    await new Promise((resolve) => relay.close(resolve));
  }
});

test("the priority is lowered before the session's first statement, not alongside it: pg deprecates a query sent to a busy client", async () => {
  // pg's own condition for that deprecation (pg@9 drops the queue): the client still has a query waiting.
  const busy: string[] = [];
  const original = Client.prototype.query;
  const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
    if ((this as unknown as { _queryQueue: unknown[] })._queryQueue.length > 0) busy.push(String(typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof Client.prototype.query);
  try {
    const db = await openDatabase({ databaseUrl, poolSize: 2, background: true });
    open.push(db);
    await Promise.all([db.query('select 1'), db.query('select 2'), db.query('select 3')]);
  } finally {
    spy.mockRestore();
  }
  expect(busy).toEqual([]);
});
