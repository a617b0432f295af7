import { Readable, type Transform } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import { grantedRoles } from './granted-roles';
import { describeGraphFailure, GraphError, networkFailure } from './graph-error';
import { batchedMessageMime } from './batch-mime';
import { BATCH_LIMIT, batchedGets, type BatchAnswer, type BatchStep } from './json-batch';
import { createKeyedLimiter, MAILBOX_CONCURRENCY, outlookMailbox } from './mailbox-limiter';
import { createTokenProvider } from './token-provider';
import { uploadInSession } from './upload-session';
import { verifyingQuickXorStream } from './verifying-stream';
import { DEFAULT_AUTHORITY_URL, DEFAULT_GRAPH_BASE_URL, DIRECTORY_PAGE_LIMIT, SIMPLE_UPLOAD_LIMIT } from './constants';
import type {
  ConflictBehavior,
  DeltaItem,
  DeltaPage,
  DeltaResource,
  DeltaRound,
  DownloadedContent,
  DownloadOptions,
  FetchLike,
  GraphAttachment,
  GraphChannel,
  GraphChatMessage,
  GraphClient,
  GraphClientOptions,
  GraphContact,
  GraphContactFolder,
  GraphDrive,
  GraphDriveItem,
  GraphEvent,
  GraphGroup,
  GraphMailFolder,
  GraphMessage,
  GraphOrganization,
  GraphPage,
  GraphSite,
  GraphTeam,
  GraphUser,
  RequestOptions,
  TestConnectionResult,
  UploadOptions,
  UploadSource,
} from './types';

// Graph's guidance: retry 429, 503 and 504 after Retry-After; anything else is an answer, not congestion.
const RETRIABLE_STATUS = new Set([429, 503, 504]);
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
// A pre-authenticated download URL that has expired or was revoked: the item's /content gives a fresh one.
const STALE_DOWNLOAD_URL_STATUS = new Set([401, 403, 404, 410]);
// Teams caps channel-message pages at 50.
const CHANNEL_MESSAGE_PAGE_LIMIT = 50;

interface ODataPage<T> {
  value?: T[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

const seg = (id: string) => encodeURIComponent(id);

/** Parses Retry-After as delta-seconds or an HTTP date. */
function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * A download's body piped into its verifier; an error or an early close on either side ends both.
 * What stream.pipeline does, without the AbortController it makes and aborts for every call (a
 * DOMException with its stack trace per file downloaded).
 */
function pipeVerified(body: Readable, verifier: Transform): void {
  body.on('error', (error) => verifier.destroy(error));
  verifier.on('close', () => body.destroy());
  body.pipe(verifier);
}

export function createGraphClient(options: GraphClientOptions): GraphClient {
  const graphBaseUrl = (options.graphBaseUrl ?? DEFAULT_GRAPH_BASE_URL).replace(/\/$/, '');
  const authorityUrl = options.authorityUrl ?? DEFAULT_AUTHORITY_URL;
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const maxRetries = options.maxRetries ?? 5;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 120_000;
  const pageSize = options.pageSize ?? 500;
  const directoryPageSize = Math.min(pageSize, DIRECTORY_PAGE_LIMIT);
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const tokens = createTokenProvider({
    tenantId: options.tenantId,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    authorityUrl,
    scope: options.scope ?? 'https://graph.microsoft.com/.default',
    fetch: doFetch,
    refreshSkewMs: options.tokenRefreshSkewMs ?? 300_000,
    now,
  });

  function resolveUrl(pathOrUrl: string, query?: RequestOptions['query']): string {
    const url = new URL(/^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${graphBaseUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  function encodeBody(body: unknown, headers: Record<string, string>): BodyInit | undefined {
    if (body === undefined) return undefined;
    if (typeof body === 'string' || body instanceof Uint8Array) return body as BodyInit;
    headers['content-type'] ??= 'application/json';
    return JSON.stringify(body);
  }

  async function requestRaw(method: string, pathOrUrl: string, opts: RequestOptions = {}): Promise<Response> {
    const url = resolveUrl(pathOrUrl, opts.query);
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    const body = encodeBody(opts.body, headers);
    let retriedAuth = false;
    for (let attempt = 0; ; attempt++) {
      let token: string | undefined;
      if (!opts.anonymous) {
        token = await tokens.getToken();
        headers.authorization = `Bearer ${token}`;
      }
      let response: Response;
      try {
        response = await doFetch(url, { method, headers, body });
      } catch (cause) {
        const failure = networkFailure(cause, method, url);
        // A refused endpoint stays refused: retrying would only wait.
        if (failure.code !== 'NetworkError' || !IDEMPOTENT.has(method) || attempt >= maxRetries) throw failure;
        const wait = Math.min(maxRetryDelayMs, 500 * 2 ** attempt);
        options.onThrottle?.({ status: 0, retryAfterMs: wait, attempt: attempt + 1, method, url });
        await sleep(wait);
        continue;
      }
      if (response.status === 401 && token && !retriedAuth) {
        // An expired or revoked token: fetch a fresh one once, then let a second 401 surface.
        retriedAuth = true;
        tokens.invalidate(token);
        await response.body?.cancel();
        attempt--;
        continue;
      }
      if (RETRIABLE_STATUS.has(response.status)) {
        if (attempt >= maxRetries) throw await GraphError.fromResponse(response, method, url);
        const wait = Math.min(maxRetryDelayMs, parseRetryAfter(response.headers.get('retry-after'), now()) ?? 1000 * 2 ** attempt);
        await response.body?.cancel();
        options.onThrottle?.({ status: response.status, retryAfterMs: wait, attempt: attempt + 1, method, url });
        await sleep(wait);
        continue;
      }
      if (response.status >= 400) throw await GraphError.fromResponse(response, method, url);
      return response;
    }
  }

  // An Outlook request holds its mailbox's slot until its body is read: Outlook counts it as
  // executing until then (see mailbox-limiter.ts).
  const mailboxSlots = createKeyedLimiter(options.mailboxConcurrency ?? MAILBOX_CONCURRENCY);

  async function request<T>(method: string, pathOrUrl: string, opts?: RequestOptions): Promise<T> {
    return mailboxSlots(outlookMailbox(resolveUrl(pathOrUrl)), async () => {
      const response = await requestRaw(method, pathOrUrl, opts);
      if (response.status === 204) return undefined as T;
      const text = await response.text();
      return (text ? JSON.parse(text) : undefined) as T;
    });
  }

  /** A listing's pages; `first`, its first page when already fetched (a JSON batch). */
  async function* pages<T>(pathOrUrl: string, opts: RequestOptions = {}, first?: ODataPage<T>): AsyncIterable<GraphPage<T>> {
    // The nextLink already carries the query, so options' query applies to the first call only.
    let next: string | undefined = resolveUrl(pathOrUrl, opts.query);
    if (first) {
      next = first['@odata.nextLink'];
      yield { items: first.value ?? [], nextLink: next };
    }
    while (next) {
      const page: ODataPage<T> = await request<ODataPage<T>>('GET', next, { headers: opts.headers });
      next = page['@odata.nextLink'];
      yield { items: page.value ?? [], nextLink: next };
    }
  }

  async function* paginate<T>(pathOrUrl: string, opts?: RequestOptions, first?: ODataPage<T>): AsyncIterable<T> {
    for await (const page of pages<T>(pathOrUrl, opts, first)) yield* page.items;
  }

  /** A delta response as the stream's page: items, removals (`isRemoved`), and where the round goes on. */
  function deltaPage<T extends { id: string }>(page: ODataPage<T>, isRemoved: (item: T) => boolean, url: string): DeltaPage<T> {
    const items: T[] = [];
    const removedIds: string[] = [];
    for (const item of page.value ?? []) {
      if (isRemoved(item)) removedIds.push(item.id);
      else items.push(item);
    }
    const next = page['@odata.nextLink'];
    const deltaLink = page['@odata.deltaLink'];
    if (!next && !deltaLink) {
      throw new GraphError({ status: 200, code: 'InvalidDeltaResponse', message: 'Delta page carried neither @odata.nextLink nor @odata.deltaLink', method: 'GET', url });
    }
    return next ? { items, removedIds, nextLink: next } : { items, removedIds, deltaLink };
  }

  /** A delta round from `link` (else `firstUrl`); `first`, its first page when already fetched (a JSON batch). */
  async function* delta<T extends { id: string }>(
    firstUrl: string,
    link: string | undefined,
    isRemoved: (item: T) => boolean,
    headers?: Record<string, string>,
    first?: DeltaPage<T>,
  ): AsyncIterable<DeltaPage<T>> {
    let next: string | undefined = link ?? firstUrl;
    if (first) {
      yield first;
      next = first.nextLink;
    }
    while (next) {
      const page = deltaPage(await request<ODataPage<T>>('GET', next, { headers }), isRemoved, firstUrl);
      next = page.nextLink;
      yield page;
    }
  }

  /** A URL of this Graph as a batch step's (relative to the version root); null for another origin or version. */
  function batchUrl(url: string): string | null {
    return url.startsWith(`${graphBaseUrl}/`) ? url.slice(graphBaseUrl.length) : null;
  }

  /** Sends one batch of a mailbox's requests; Graph runs up to 4 of a batch at once, so it holds as many of the mailbox's slots. */
  const mailboxBatch = (userId: string) => (steps: BatchStep[]) =>
    mailboxSlots(`users/${userId.toLowerCase()}`, async () => (await request<{ responses: BatchAnswer[] }>('POST', '/$batch', { body: { requests: steps } })).responses, steps.length);

  /**
   * A file's content. /content answers 302 to the item's pre-authenticated @microsoft.graph.downloadUrl
   * (Learn: driveItem get content), so when the listing carried that URL it is fetched directly, without
   * the token: one request instead of two. The URL lives about an hour (Learn: driveItem); once Graph
   * refuses it, /content gives a fresh one.
   */
  async function openContent(path: string, downloadUrl: string | undefined): Promise<Response> {
    if (downloadUrl) {
      try {
        return await requestRaw('GET', downloadUrl, { anonymous: true });
      } catch (error) {
        if (!(error instanceof GraphError && STALE_DOWNLOAD_URL_STATUS.has(error.status))) throw error;
      }
    }
    // fetch follows the 302.
    return requestRaw('GET', path);
  }

  const isAtRemoved = (item: object) => '@removed' in item;
  const isDriveRemoval = (item: GraphDriveItem) => item.deleted !== undefined;
  const messagesDeltaUrl = (userId: string, folderId: string) => resolveUrl(`/users/${seg(userId)}/mailFolders/${seg(folderId)}/messages/delta`);
  // Outlook's delta takes its page size from the Prefer header ($top is not supported there); a drive's from $top, carried in its links.
  const maxPageSize = { prefer: `odata.maxpagesize=${pageSize}` };
  /** `/users/{id}/contacts` lists the default Contacts folder: one contact of it names the folder. */
  const DEFAULT_CONTACT_QUERY = { $top: 1, $select: 'parentFolderId' };

  /** A delta round's first page as a batch step. */
  const roundGet = (round: DeltaRound) => ({ url: batchUrl(round.link)!, headers: deltaOf[round.resource].headers });

  /** The rounds' first pages from their batch answers (in order; null where Graph did not answer 200). */
  function roundPages(rounds: DeltaRound[], bodies: Array<unknown | null>): Map<string, DeltaPage<DeltaItem>> {
    const pages = new Map<string, DeltaPage<DeltaItem>>();
    rounds.forEach((round, i) => {
      const body = bodies[i] as ODataPage<DeltaItem> | null;
      if (body) pages.set(round.key, deltaPage(body, deltaOf[round.resource].isRemoved as (item: DeltaItem) => boolean, round.link));
    });
    return pages;
  }

  /** How each resource's delta marks a removal, and the headers its requests carry. */
  const deltaOf: Record<DeltaResource, { isRemoved: (item: never) => boolean; headers?: Record<string, string> }> = {
    messages: { isRemoved: isAtRemoved, headers: maxPageSize },
    events: { isRemoved: isAtRemoved, headers: maxPageSize },
    contacts: { isRemoved: isAtRemoved, headers: maxPageSize },
    driveItems: { isRemoved: isDriveRemoval },
  };

  const childFoldersPath = (userId: string, folderId: string) => `/users/${seg(userId)}/mailFolders/${seg(folderId)}/childFolders`;

  /** A folder listing and, depth first, its folders' children; `listed` holds first pages of child listings already read, by parent id. */
  async function* listMailFoldersUnder(
    userId: string,
    url: string,
    parentPath: string,
    first?: ODataPage<GraphMailFolder>,
    listed?: Map<string, ODataPage<GraphMailFolder>>,
  ): AsyncIterable<GraphMailFolder> {
    for await (const folder of paginate<GraphMailFolder>(url, { query: { $top: pageSize } }, first)) {
      const path = parentPath ? `${parentPath}/${folder.displayName}` : folder.displayName;
      yield { ...folder, path };
      if ((folder.childFolderCount ?? 0) > 0) {
        yield* listMailFoldersUnder(userId, childFoldersPath(userId, folder.id), path, listed?.get(folder.id), listed);
      }
    }
  }

  async function getDriveItemByPath(driveId: string, path: string): Promise<GraphDriveItem | null> {
    const parts = path.split('/').filter(Boolean);
    const url = parts.length === 0 ? `/drives/${seg(driveId)}/root` : `/drives/${seg(driveId)}/root:/${parts.map(seg).join('/')}`;
    try {
      return await request<GraphDriveItem>('GET', url);
    } catch (error) {
      if (error instanceof GraphError && error.status === 404) return null;
      throw error;
    }
  }

  async function createFolder(driveId: string, parentItemId: string, name: string, conflictBehavior: ConflictBehavior = 'fail'): Promise<GraphDriveItem> {
    return request<GraphDriveItem>('POST', `/drives/${seg(driveId)}/items/${seg(parentItemId)}/children`, {
      body: { name, folder: {}, '@microsoft.graph.conflictBehavior': conflictBehavior },
    });
  }

  async function collect(source: UploadSource): Promise<Uint8Array> {
    if (source instanceof Uint8Array) return source;
    const parts: Uint8Array[] = [];
    for await (const chunk of source.chunks as AsyncIterable<Uint8Array>) parts.push(chunk);
    const all = Buffer.concat(parts);
    if (all.length !== source.size) {
      throw new GraphError({ status: 0, code: 'UploadSizeMismatch', message: `Upload source gave ${all.length} bytes, ${source.size} announced` });
    }
    return all;
  }

  const client: GraphClient = {
    graphBaseUrl,
    getAccessToken: () => tokens.getToken(),
    request,
    requestRaw,
    pages,
    paginate,

    async testConnection(): Promise<TestConnectionResult> {
      try {
        const organization = await client.getOrganization();
        return { ok: true, organizationName: organization.displayName, grantedPermissions: grantedRoles(await tokens.getToken()) };
      } catch (error) {
        return { ok: false, errorMessage: describeGraphFailure(error) };
      }
    },
    async getOrganization() {
      const page = await request<ODataPage<GraphOrganization>>('GET', '/organization');
      const organization = page.value?.[0];
      if (!organization) throw new GraphError({ status: 404, code: 'ResourceNotFound', message: 'The tenant has no organization object' });
      return organization;
    },

    listUsers: (select) => paginate<GraphUser>('/users', { query: { $top: directoryPageSize, ...(select ? { $select: select.join(',') } : {}) } }),
    getUser: (userId) => request<GraphUser>('GET', `/users/${seg(userId)}`),
    usersDelta: (link) => delta<GraphUser>(resolveUrl('/users/delta'), link, isAtRemoved, maxPageSize),

    listMailFolders: (userId) => listMailFoldersUnder(userId, `/users/${seg(userId)}/mailFolders`, ''),
    getMailFolder: (userId, folderId) => request<GraphMailFolder>('GET', `/users/${seg(userId)}/mailFolders/${seg(folderId)}`),
    createMailFolder: (userId, displayName, parentFolderId) =>
      request<GraphMailFolder>(
        'POST',
        parentFolderId ? `/users/${seg(userId)}/mailFolders/${seg(parentFolderId)}/childFolders` : `/users/${seg(userId)}/mailFolders`,
        { body: { displayName } },
      ),
    listMessages: (userId, folderId) =>
      paginate<GraphMessage>(`/users/${seg(userId)}/mailFolders/${seg(folderId)}/messages`, { query: { $top: pageSize } }),
    messagesDelta: (userId, folderId, link, first) => delta<GraphMessage>(messagesDeltaUrl(userId, folderId), link, isAtRemoved, maxPageSize, first),
    async deltaFirstPages(userId, rounds) {
      const batchable = rounds.filter((round) => batchUrl(round.link) !== null);
      return roundPages(batchable, await batchedGets(mailboxBatch(userId), batchable.map(roundGet)));
    },
    async openUser(userId, asks, rounds) {
      const user = `/users/${seg(userId)}`;
      const listings = [
        ...(asks.mailFolders ? [{ name: 'mailFolders', url: resolveUrl(`${user}/mailFolders`, { $top: pageSize }) }] : []),
        ...(asks.contactFolders
          ? [
              { name: 'contactFolders', url: resolveUrl(`${user}/contactFolders`, { $top: pageSize }) },
              { name: 'defaultContacts', url: resolveUrl(`${user}/contacts`, DEFAULT_CONTACT_QUERY) },
            ]
          : []),
      ];
      // The child listings of folders expected to have children (a stale one costs a step of the batch,
      // and its page is not read), up to half the batch so rounds still fit.
      const parents = asks.mailFolders ? (asks.parentFolders ?? []).slice(0, Math.max(0, BATCH_LIMIT / 2 - listings.length)) : [];
      listings.push(...parents.map((id) => ({ name: `children:${id}`, url: resolveUrl(childFoldersPath(userId, id), { $top: pageSize }) })));
      const fitting = rounds.filter((round) => batchUrl(round.link) !== null).slice(0, BATCH_LIMIT - listings.length);
      const gets = [...listings.map(({ url }) => ({ url: batchUrl(url)! })), ...fitting.map(roundGet)];
      // A batch of one saves nothing; a batch that fails as a whole leaves each listing and round to ask alone.
      const bodies = gets.length > 1 ? await batchedGets(mailboxBatch(userId), gets).catch(() => gets.map(() => null)) : gets.map(() => null);
      const listed = (name: string) => (bodies[listings.findIndex((listing) => listing.name === name)] ?? undefined) as ODataPage<never> | undefined;
      const children = new Map(parents.flatMap((id) => (listed(`children:${id}`) ? [[id, listed(`children:${id}`)!] as const] : [])));
      const all = async <T,>(items: AsyncIterable<T>) => {
        const out: T[] = [];
        for await (const item of items) out.push(item);
        return out;
      };
      const defaultContacts = listed('defaultContacts') as ODataPage<Pick<GraphContact, 'parentFolderId'>> | undefined;
      return {
        mailFolders: asks.mailFolders ? await all(listMailFoldersUnder(userId, `${user}/mailFolders`, '', listed('mailFolders'), children)) : [],
        contactFolders: asks.contactFolders ? await all(paginate<GraphContactFolder>(`${user}/contactFolders`, { query: { $top: pageSize } }, listed('contactFolders'))) : [],
        defaultContactFolderId: !asks.contactFolders ? null : defaultContacts ? (defaultContacts.value?.[0]?.parentFolderId ?? null) : await client.defaultContactFolderId(userId),
        pages: roundPages(fitting, bodies.slice(listings.length)),
      };
    },
    getMessage: (userId, messageId) => request<GraphMessage>('GET', `/users/${seg(userId)}/messages/${seg(messageId)}`),
    getMessageMime: (userId, messageId) =>
      mailboxSlots(`users/${userId.toLowerCase()}`, async () => {
        const response = await requestRaw('GET', `/users/${seg(userId)}/messages/${seg(messageId)}/$value`);
        return new Uint8Array(await response.arrayBuffer());
      }),
    getMessageMimes: (userId, messageIds) =>
      batchedMessageMime(
        mailboxBatch(userId),
        userId,
        messageIds,
        (messageId) => client.getMessageMime(userId, messageId),
      ),
    listAttachments: (userId, messageId) => paginate<GraphAttachment>(`/users/${seg(userId)}/messages/${seg(messageId)}/attachments`),
    createMessage: (userId, folderId, message) =>
      request<GraphMessage>('POST', `/users/${seg(userId)}/mailFolders/${seg(folderId)}/messages`, { body: message }),
    createMessageFromMime: (userId, folderId, mime) =>
      request<GraphMessage>('POST', `/users/${seg(userId)}/mailFolders/${seg(folderId)}/messages`, {
        body: Buffer.from(mime).toString('base64'),
        headers: { 'content-type': 'text/plain' },
      }),

    listEvents: (userId) => paginate<GraphEvent>(`/users/${seg(userId)}/events`, { query: { $top: pageSize } }),
    createEvent: (userId, event) => request<GraphEvent>('POST', `/users/${seg(userId)}/events`, { body: event }),
    listContacts: (userId) => paginate<GraphContact>(`/users/${seg(userId)}/contacts`, { query: { $top: pageSize } }),
    createContact: (userId, contact) => request<GraphContact>('POST', `/users/${seg(userId)}/contacts`, { body: contact }),
    eventsDelta: (userId, start, end, link, first) =>
      delta<GraphEvent>(resolveUrl(`/users/${seg(userId)}/calendarView/delta`, { startDateTime: start, endDateTime: end }), link, isAtRemoved, maxPageSize, first),
    contactFoldersList: (userId) => paginate<GraphContactFolder>(`/users/${seg(userId)}/contactFolders`, { query: { $top: pageSize } }),
    async defaultContactFolderId(userId) {
      const page = await request<ODataPage<Pick<GraphContact, 'parentFolderId'>>>('GET', `/users/${seg(userId)}/contacts`, { query: DEFAULT_CONTACT_QUERY });
      return page.value?.[0]?.parentFolderId ?? null;
    },
    contactsDelta: (userId, folderId, link, first) =>
      delta<GraphContact>(resolveUrl(`/users/${seg(userId)}/contactFolders/${seg(folderId)}/contacts/delta`), link, isAtRemoved, maxPageSize, first),

    getUserDrive: (userId) => request<GraphDrive>('GET', `/users/${seg(userId)}/drive`),
    listSiteDrives: (siteId) => paginate<GraphDrive>(`/sites/${seg(siteId)}/drives`),
    getGroupDrive: (groupId) => request<GraphDrive>('GET', `/groups/${seg(groupId)}/drive`),
    getDrive: (driveId) => request<GraphDrive>('GET', `/drives/${seg(driveId)}`),
    getDriveRoot: (driveId) => request<GraphDriveItem>('GET', `/drives/${seg(driveId)}/root`),
    getDriveItem: (driveId, itemId) => request<GraphDriveItem>('GET', `/drives/${seg(driveId)}/items/${seg(itemId)}`),
    getDriveItemByPath,
    listChildren: (driveId, itemId) =>
      paginate<GraphDriveItem>(`/drives/${seg(driveId)}/items/${seg(itemId)}/children`, { query: { $top: pageSize } }),
    driveItemsDelta: (driveId, link, first) => delta<GraphDriveItem>(resolveUrl(`/drives/${seg(driveId)}/root/delta`, { $top: pageSize }), link, isDriveRemoval, undefined, first),
    async downloadDriveItem(driveId, itemId, downloadOptions: DownloadOptions = {}): Promise<DownloadedContent> {
      const path = `/drives/${seg(driveId)}/items/${seg(itemId)}/content`;
      const response = await openContent(path, downloadOptions.downloadUrl);
      const length = response.headers.get('content-length');
      const body = response.body
        ? Readable.fromWeb(response.body as unknown as NodeWebReadableStream<Uint8Array>)
        : Readable.from([]);
      const expected = downloadOptions.quickXorHash;
      let stream: Readable = body;
      if (expected) {
        // The bytes must be the ones Graph hashed: a mismatch ends the stream with an error, never quietly.
        const verifier = verifyingQuickXorStream(expected, (actual) =>
          new GraphError({
            status: 0,
            code: 'ContentHashMismatch',
            message: `Downloaded content of item ${itemId} has quickXorHash ${actual}, Graph reported ${expected}`,
            method: 'GET',
            url: response.url || path,
          }),
        );
        pipeVerified(body, verifier);
        stream = verifier;
      }
      return { stream, size: length === null ? undefined : Number(length), contentType: response.headers.get('content-type') ?? undefined };
    },
    createFolder,
    async ensureFolderPath(driveId, path) {
      let current = await client.getDriveRoot(driveId);
      let currentPath = '';
      for (const name of path.split('/').filter(Boolean)) {
        currentPath += `/${name}`;
        const existing = await getDriveItemByPath(driveId, currentPath);
        if (existing) {
          if (!existing.folder) throw new GraphError({ status: 409, code: 'nameAlreadyExists', message: `${currentPath} exists and is not a folder` });
          current = existing;
          continue;
        }
        try {
          current = await createFolder(driveId, current.id, name, 'fail');
        } catch (error) {
          // Another restore worker created it between our lookup and create.
          if (!(error instanceof GraphError && error.status === 409)) throw error;
          const raced = await getDriveItemByPath(driveId, currentPath);
          if (!raced) throw error;
          current = raced;
        }
      }
      return current;
    },
    async uploadDriveItem(driveId, parentItemId, fileName, content: UploadSource, uploadOptions: UploadOptions = {}) {
      const size = content instanceof Uint8Array ? content.length : content.size;
      if (size > 0 && (uploadOptions.forceSession || size > SIMPLE_UPLOAD_LIMIT)) {
        return client.uploadDriveItemInSession(driveId, parentItemId, fileName, content, uploadOptions);
      }
      const bytes = await collect(content);
      const created = await request<GraphDriveItem>('PUT', `/drives/${seg(driveId)}/items/${seg(parentItemId)}:/${seg(fileName)}:/content`, {
        query: { '@microsoft.graph.conflictBehavior': uploadOptions.conflictBehavior ?? 'replace' },
        body: bytes,
        headers: { 'content-type': 'application/octet-stream' },
      });
      // A simple upload takes no item properties: the client-side times follow as an update.
      return uploadOptions.fileSystemInfo ? client.updateDriveItem(driveId, created.id, { fileSystemInfo: uploadOptions.fileSystemInfo }) : created;
    },
    updateDriveItem: (driveId, itemId, patch) => request<GraphDriveItem>('PATCH', `/drives/${seg(driveId)}/items/${seg(itemId)}`, { body: patch }),
    uploadDriveItemInSession: (driveId, parentItemId, fileName, content, uploadOptions = {}) =>
      uploadInSession({ request, requestRaw }, { driveId, parentItemId, fileName, content, options: uploadOptions }),

    listSites: () => paginate<GraphSite>('/sites', { query: { search: '*' } }),
    getSite: (siteId) => request<GraphSite>('GET', `/sites/${seg(siteId)}`),
    listGroups: () => paginate<GraphGroup>('/groups', { query: { $top: directoryPageSize } }),
    listTeams: () => paginate<GraphTeam>('/teams', { query: { $top: directoryPageSize } }),
    listChannels: (teamId) => paginate<GraphChannel>(`/teams/${seg(teamId)}/channels`),
    listChannelMessages: (teamId, channelId) =>
      paginate<GraphChatMessage>(`/teams/${seg(teamId)}/channels/${seg(channelId)}/messages`, {
        query: { $top: Math.min(pageSize, CHANNEL_MESSAGE_PAGE_LIMIT) },
      }),
    // Channel message delta allows $top up to 50 and reports deletions only as tombstones (deletedDateTime).
    channelMessagesDelta: (teamId, channelId, link) =>
      delta<GraphChatMessage>(
        resolveUrl(`/teams/${seg(teamId)}/channels/${seg(channelId)}/messages/delta`, { $top: Math.min(pageSize, CHANNEL_MESSAGE_PAGE_LIMIT) }),
        link,
        (message) => !!message.deletedDateTime,
      ),
    listMessageReplies: (teamId, channelId, messageId) =>
      paginate<GraphChatMessage>(`/teams/${seg(teamId)}/channels/${seg(channelId)}/messages/${seg(messageId)}/replies`, {
        query: { $top: Math.min(pageSize, CHANNEL_MESSAGE_PAGE_LIMIT) },
      }),
    postChannelMessage: (teamId, channelId, message) =>
      request<GraphChatMessage>('POST', `/teams/${seg(teamId)}/channels/${seg(channelId)}/messages`, { body: message }),
  };
  return client;
}
