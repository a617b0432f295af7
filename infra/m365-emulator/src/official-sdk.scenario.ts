// Drives the emulator with Microsoft's own clients, unchanged: @azure/identity's ClientSecretCredential
// (MSAL Node inside) for the token and @microsoft/microsoft-graph-client with its default middleware
// chain (auth, retry, redirect). Run by official-sdk.test.ts in a child process whose only extra trust
// is the emulator's certificate (NODE_EXTRA_CA_CERTS); prints one JSON line of findings.
import { ClientSecretCredential } from '@azure/identity';
import {
  BatchRequestContent,
  BatchResponseContent,
  Client,
  FileUpload,
  GraphError,
  LargeFileUploadTask,
  PageIterator,
  ResponseType,
  type PageCollection,
} from '@microsoft/microsoft-graph-client';
import { TokenCredentialAuthenticationProvider } from '@microsoft/microsoft-graph-client/authProviders/azureTokenCredentials';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const origin = env('EMULATOR_ORIGIN');
const userId = env('EMULATOR_USER_ID');
const driveId = env('EMULATOR_DRIVE_ID');
const adminKey = env('EMULATOR_ADMIN_KEY');

const credential = new ClientSecretCredential(env('EMULATOR_TENANT_ID'), env('EMULATOR_CLIENT_ID'), env('EMULATOR_CLIENT_SECRET'), {
  authorityHost: origin,
  // MSAL sends instance discovery to login.microsoftonline.com whatever the authority; Microsoft documents
  // this option for authorities that endpoint cannot vouch for ("private clouds or Azure Stack"). Tenant
  // discovery (the OpenID configuration document) still comes from the emulator.
  disableInstanceDiscovery: true,
});
const client = Client.initWithMiddleware({
  authProvider: new TokenCredentialAuthenticationProvider(credential, { scopes: ['https://graph.microsoft.com/.default'] }),
  baseUrl: `${origin}/`,
  defaultVersion: 'v1.0',
  // The SDK attaches the token only to Graph's own hosts and these (host names, https only).
  customHosts: new Set([new URL(origin).hostname]),
});

/** Follows every page with the SDK's PageIterator; the collection's deltaLink when it has one. */
async function iterate(first: PageCollection): Promise<{ items: Record<string, unknown>[]; deltaLink?: string }> {
  const items: Record<string, unknown>[] = [];
  const iterator = new PageIterator(client, first, (item: Record<string, unknown>) => {
    items.push(item);
    return true;
  });
  await iterator.iterate();
  return { items, deltaLink: iterator.getDeltaLink() };
}

const admin = (path: string, body: unknown) =>
  fetch(`${origin}/_emulator${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-emulator-key': adminKey }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<unknown>);

async function main() {
  const findings: Record<string, unknown> = {};

  const users = await iterate((await client.api('/users').top(7).get()) as PageCollection);
  findings.users = { count: users.items.length, distinct: new Set(users.items.map((u) => u.id)).size };

  const messages = await iterate((await client.api(`/users/${userId}/mailFolders/inbox/messages`).top(10).select('id,subject').get()) as PageCollection);
  findings.messages = { count: messages.items.length };

  // Delta to the deltaLink, then a change, then again from that link.
  const round1 = await iterate((await client.api(`/drives/${driveId}/root/delta`).top(5).get()) as PageCollection);
  await admin('/mutate', { fraction: 0.2 });
  const round2 = await iterate((await client.api(round1.deltaLink ?? '').get()) as PageCollection);
  findings.delta = { first: round1.items.length, firstLink: round1.deltaLink, changed: round2.items.length, secondLink: round2.deltaLink };

  // A file larger than one slice, through an upload session; then its bytes back through the 302 to the download URL.
  const size = 3 * 320 * 1024 + 12_345;
  const bytes = Buffer.alloc(size, 0);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + 7) & 0xff;
  const session = await LargeFileUploadTask.createUploadSession(client, `/drives/${driveId}/root:/official-sdk/large.bin:/createUploadSession`, {
    item: { '@microsoft.graph.conflictBehavior': 'replace' },
  });
  const task = new LargeFileUploadTask(client, new FileUpload(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + size) as ArrayBuffer, 'large.bin', size), session, { rangeSize: 320 * 1024 });
  const uploaded = (await task.upload()).responseBody as { id: string; name: string; size: number };
  const content = Buffer.from((await client.api(`/drives/${driveId}/items/${uploaded.id}/content`).responseType(ResponseType.ARRAYBUFFER).get()) as ArrayBuffer);
  findings.upload = { uploadUrl: session.url, name: uploaded.name, size: uploaded.size, downloadedEqual: content.equals(bytes) };

  // JSON batching. BatchRequestContent 3.0.7 keeps every path segment after the host, version included,
  // so the steps name `{origin}/users/…` without /v1.0 (the SDK maintainers' workaround, issue #1451).
  const batch = new BatchRequestContent([
    { id: '1', request: new Request(`${origin}/users/${userId}?$select=id,displayName`, { method: 'GET' }) },
    { id: '2', request: new Request(`${origin}/users/${userId}/mailFolders/inbox`, { method: 'GET' }), dependsOn: ['1'] },
  ]);
  const batchAnswer = new BatchResponseContent(await client.api('/$batch').post(await batch.getContent()));
  const first = batchAnswer.getResponseById('1');
  const second = batchAnswer.getResponseById('2');
  findings.batch = { status1: first.status, user: ((await first.json()) as { id: string }).id, status2: second.status, folder: ((await second.json()) as { displayName: string }).displayName };

  // One 429 with Retry-After: the retry handler waits and repeats the request.
  await admin('/throttle', { count: 1, retryAfterSeconds: 1, match: '/organization' });
  const started = Date.now();
  const organization = (await client.api('/organization').get()) as { value: { id: string }[] };
  findings.retry = { organizations: organization.value.length, waitedMs: Date.now() - started };

  try {
    await client.api(`/users/${userId}/messages/AAMkAGmissing`).get();
    findings.notFound = { thrown: false };
  } catch (error) {
    findings.notFound = error instanceof GraphError ? { thrown: true, graphError: true, statusCode: error.statusCode, code: error.code } : { thrown: true, graphError: false, message: String(error) };
  }

  process.stdout.write(`${JSON.stringify(findings)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
