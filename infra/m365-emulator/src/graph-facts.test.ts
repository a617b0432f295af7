import { graphSession, type Json } from './test/graph-session';
import { quickXorHash } from '@portal/quick-xor-hash';

// Facts a backup relies on, as Microsoft Graph v1.0 documents them, checked through HTTP only.

describe('Graph item facts', () => {
  const session = graphSession({ seed: 'facts', size: 600, adminKey: 'k' });
  const { emulator, graph, json } = session;

  const user = () => emulator.tenant.users[0];
  const userDriveId = () => emulator.tenant.drives[user().driveNo].id;

  async function someFiles(driveId: string, count: number): Promise<Json[]> {
    const files: Json[] = [];
    let link: string | undefined = `/drives/${driveId}/root/delta?$top=200`;
    while (link && files.length < count) {
      const page = await json(link);
      files.push(...(page.value as Json[]).filter((item) => item.file));
      link = page['@odata.nextLink'] as string | undefined;
    }
    return files.slice(0, count);
  }

  async function content(driveId: string, itemId: string): Promise<Buffer> {
    const response = await graph(`/drives/${driveId}/items/${itemId}/content`);
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  }

  it('gives drive files the QuickXorHash of the bytes it serves, in lists and by id', async () => {
    const files = await someFiles(userDriveId(), 5);
    expect(files.length).toBe(5);
    for (const listed of files) {
      const hash = (listed.file as { hashes?: { quickXorHash?: string } }).hashes?.quickXorHash;
      expect(hash).toMatch(/^[A-Za-z0-9+/]{27}=$/);
      expect(quickXorHash(await content(userDriveId(), String(listed.id)))).toBe(hash);
      const byId = await json(`/drives/${userDriveId()}/items/${String(listed.id)}`);
      expect(byId.file).toEqual(listed.file);
    }
  });

  it('hashes written content too, and names the app as the writer', async () => {
    const bytes = Buffer.from('restored bytes '.repeat(1000));
    const written = await json(`/drives/${userDriveId()}/root:/facts/restored.txt:/content`, { method: 'PUT', body: bytes });
    expect(written.file).toMatchObject({ hashes: { quickXorHash: quickXorHash(bytes) } });
    expect(written.lastModifiedBy).toEqual({ application: { id: emulator.clientId, displayName: expect.any(String) } });
    expect(quickXorHash(await content(userDriveId(), String(written.id)))).toBe(quickXorHash(bytes));
  });

  it('carries fileSystemInfo, createdBy and lastModifiedBy on drive items', async () => {
    const [file] = await someFiles(userDriveId(), 1);
    expect(file.fileSystemInfo).toEqual({ createdDateTime: file.createdDateTime, lastModifiedDateTime: file.lastModifiedDateTime });
    const owner = { user: { id: user().id, displayName: user().displayName, email: user().userPrincipalName } };
    expect(file.createdBy).toEqual(owner);
    expect(file.lastModifiedBy).toEqual(owner);
    const root = await json(`/drives/${userDriveId()}/root`);
    expect(root.fileSystemInfo).toEqual({ createdDateTime: expect.any(String), lastModifiedDateTime: expect.any(String) });
  });

  it('keeps fileSystemInfo given at upload-session creation or by PATCH, separate from the item\'s own times', async () => {
    const times = { createdDateTime: '2019-03-04T05:06:07Z', lastModifiedDateTime: '2020-08-09T10:11:12Z' };
    const session = await json(`/drives/${userDriveId()}/root:/facts/kept-times.txt:/createUploadSession`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ item: { '@microsoft.graph.conflictBehavior': 'replace', fileSystemInfo: times } }),
    });
    const bytes = Buffer.from('kept times');
    const uploaded = await fetch(String(session.uploadUrl), { method: 'PUT', headers: { 'content-range': `bytes 0-${bytes.length - 1}/${bytes.length}` }, body: bytes });
    expect(uploaded.status).toBe(201);
    const item = (await uploaded.json()) as Json;
    expect(item.fileSystemInfo).toEqual(times);
    expect(item.createdDateTime).not.toBe(times.createdDateTime);
    // New content without client times: the modified time follows the service's again, the created time stays.
    const replaced = await json(`/drives/${userDriveId()}/items/${String(item.id)}/content`, { method: 'PUT', body: Buffer.from('new bytes') });
    expect(replaced.fileSystemInfo).toEqual({ createdDateTime: times.createdDateTime, lastModifiedDateTime: replaced.lastModifiedDateTime });

    const [file] = await someFiles(userDriveId(), 1);
    const patched = await json(`/drives/${userDriveId()}/items/${String(file.id)}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fileSystemInfo: { lastModifiedDateTime: times.lastModifiedDateTime } }),
    });
    expect(patched.fileSystemInfo).toEqual({ createdDateTime: file.createdDateTime, lastModifiedDateTime: times.lastModifiedDateTime });
    expect(patched.file).toEqual(file.file);
    const bad = await graph(`/drives/${userDriveId()}/items/${String(file.id)}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fileSystemInfo: { createdDateTime: 'yesterday' } }) });
    expect(bad.status).toBe(400);
  });

  it('gives messages flag and webLink, and internetMessageHeaders only when $select names them', async () => {
    const page = await json(`/users/${user().id}/mailFolders/inbox/messages?$top=50`);
    const messages = page.value as Json[];
    for (const message of messages) {
      expect(['notFlagged', 'flagged', 'complete']).toContain((message.flag as { flagStatus: string }).flagStatus);
      expect(message.webLink).toBe(`https://outlook.office365.com/owa/?ItemID=${encodeURIComponent(String(message.id))}&exvsurl=1&viewmodel=ReadMessageItem`);
      expect(message).not.toHaveProperty('internetMessageHeaders');
    }
    expect(new Set(messages.map((m) => (m.flag as { flagStatus: string }).flagStatus)).size).toBeGreaterThan(1);

    const id = String(messages[0].id);
    expect(await json(`/users/${user().id}/messages/${id}`)).not.toHaveProperty('internetMessageHeaders');
    const selected = await json(`/users/${user().id}/messages/${id}?$select=subject,internetMessageHeaders`);
    expect(Object.keys(selected).sort()).toEqual(['@odata.context', '@odata.etag', '@odata.type', 'id', 'internetMessageHeaders', 'subject']);
    const headers = selected.internetMessageHeaders as { name: string; value: string }[];
    expect(headers).toEqual(expect.arrayContaining([{ name: 'Subject', value: messages[0].subject }, { name: 'Message-ID', value: messages[0].internetMessageId }]));
    const listed = await json(`/users/${user().id}/mailFolders/inbox/messages?$top=2&$select=internetMessageHeaders`);
    expect((listed.value as Json[])[0].internetMessageHeaders).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'From' })]));
  });

  it('stores the flag a created message is given', async () => {
    const created = await json(`/users/${user().id}/mailFolders/inbox/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ subject: 'flagged', body: { contentType: 'text', content: 'x' }, flag: { flagStatus: 'flagged' } }),
    });
    expect(created.flag).toEqual({ flagStatus: 'flagged' });
    expect((await json(`/users/${user().id}/messages/${String(created.id)}`)).flag).toEqual({ flagStatus: 'flagged' });
  });

  it('puts @odata.context on list, item and delta answers', async () => {
    const base = `${emulator.url}/$metadata#`;
    expect((await json('/users?$top=1'))['@odata.context']).toBe(`${base}users`);
    expect((await json(`/users/${user().id}`))['@odata.context']).toBe(`${base}users/$entity`);
    const messages = await json(`/users/${user().id}/mailFolders/inbox/messages?$top=1`);
    expect(messages['@odata.context']).toBe(`${base}users('${user().id}')/mailFolders('inbox')/messages`);
    const id = String((messages.value as Json[])[0].id);
    expect((await json(`/users/${user().id}/messages/${id}`))['@odata.context']).toBe(`${base}users('${user().id}')/messages/$entity`);
    expect((await json(`/users/${user().id}/mailFolders/inbox/messages/delta`))['@odata.context']).toBe(`${base}Collection(message)`);
    expect((await json(`/drives/${userDriveId()}/root/children`))['@odata.context']).toBe(`${base}drives('${userDriveId()}')/root/children`);
    expect((await json(`/drives/${userDriveId()}/root`))['@odata.context']).toBe(`${base}drives('${userDriveId()}')/root/$entity`);
    expect((await json(`/drives/${userDriveId()}/root:/facts:/children`))['@odata.context']).toBe(`${base}drives('${userDriveId()}')/items/children`);
    const session = await json(`/drives/${userDriveId()}/root:/facts/big.bin:/createUploadSession`, { method: 'POST' });
    expect(session['@odata.context']).toBe(`${base}microsoft.graph.uploadSession`);
  });

  it('sends request-id and echoes client-request-id on every response, errors and downloads included', async () => {
    const [file] = await someFiles(userDriveId(), 1);
    const responses = [
      await graph('/users?$top=1', { headers: { 'client-request-id': 'c0ffee00-0000-4000-8000-000000000001' } }),
      await fetch(`${emulator.url}/users`, { headers: { 'client-request-id': 'c0ffee00-0000-4000-8000-000000000001' } }),
      await graph('/users/nobody@nowhere', { headers: { 'client-request-id': 'c0ffee00-0000-4000-8000-000000000001' } }),
      await graph(`/drives/${userDriveId()}/items/${String(file.id)}/content`, { redirect: 'manual', headers: { 'client-request-id': 'c0ffee00-0000-4000-8000-000000000001' } }),
      await fetch(String(file['@microsoft.graph.downloadUrl']), { headers: { 'client-request-id': 'c0ffee00-0000-4000-8000-000000000001' } }),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 401, 404, 302, 200]);
    const ids = new Set<string>();
    for (const response of responses) {
      expect(response.headers.get('request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers.get('client-request-id')).toBe('c0ffee00-0000-4000-8000-000000000001');
      ids.add(String(response.headers.get('request-id')));
      await response.arrayBuffer();
    }
    expect(ids.size).toBe(responses.length);
    const error = (await (await graph('/users/nobody@nowhere', { headers: { 'client-request-id': 'abc-1' } })).json()) as { error: { innerError: Json } };
    expect(error.error.innerError['client-request-id']).toBe('abc-1');
    const plain = await graph('/organization');
    expect(plain.headers.get('client-request-id')).toBe(plain.headers.get('request-id'));
  });

  it('serves corrupted downloads only when told to, with the same length', async () => {
    const [file] = await someFiles(userDriveId(), 1);
    const good = await content(userDriveId(), String(file.id));
    const rule = await fetch(`${emulator.adminUrl}/corruption`, { method: 'POST', headers: { 'x-emulator-key': 'k', 'content-type': 'application/json' }, body: JSON.stringify({ count: 1 }) });
    expect(rule.status).toBe(200);
    const bad = await content(userDriveId(), String(file.id));
    expect(bad.length).toBe(good.length);
    expect(quickXorHash(bad)).not.toBe((file.file as { hashes: { quickXorHash: string } }).hashes.quickXorHash);
    expect(await content(userDriveId(), String(file.id))).toEqual(good);
  });
  it('answers a $top above the maximum as Graph does: directory lists refuse it, mail, drives and channels cap it', async () => {
    for (const path of ['/users?$top=1000', '/groups?$top=1000', '/teams?$top=1000', '/users?$top=0']) {
      const response = await graph(path);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('Request_UnsupportedQuery');
      expect(body.error.message).toMatch(/^Invalid page size specified: '\d+'\. Must be between 1 and 999 inclusive\.$/);
    }
    expect((await graph('/users?$top=999')).status).toBe(200);
    // A preference is not a demand: Prefer odata.maxpagesize above the maximum is capped and said so.
    const preferred = await graph('/users', { headers: { prefer: 'odata.maxpagesize=5000' } });
    expect(preferred.status).toBe(200);
    expect(preferred.headers.get('preference-applied')).toBe('odata.maxpagesize=999');

    const mail = await json(`/users/${user().id}/mailFolders/inbox/messages?$top=5000&$select=subject`);
    expect((mail.value as Json[]).length).toBeLessThanOrEqual(1000);
    const files = await json(`/drives/${userDriveId()}/root/delta?$top=5000`);
    expect((files.value as Json[]).length).toBeLessThanOrEqual(1000);
    // Teams allows up to 50 channel messages a page: fill a channel past that, then ask for 51.
    const channel = emulator.tenant.channels[0];
    const team = emulator.tenant.groups[channel.groupIdx];
    const posts = `/teams/${team.id}/channels/${encodeURIComponent(channel.id)}/messages`;
    for (let n = emulator.tenant.containers[channel.containerNo].count; n <= 50; n++) {
      await json(posts, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ body: { content: `post ${n}` } }) });
    }
    const page = await json(`${posts}?$top=51`);
    expect((page.value as Json[]).length).toBe(50);
    expect(page['@odata.nextLink']).toEqual(expect.any(String));
  });
});
