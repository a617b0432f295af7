import { graphSession, type Json } from './test/graph-session';

// Delta where Graph v1.0 has it beyond mail and drives: calendarView, contact folders, channel
// messages, and drive delta with token=latest, checked through HTTP only.

describe('delta on events, contacts, channel messages and token=latest', () => {
  const session = graphSession({ seed: 'delta-resources', size: 3000 });
  const { emulator, graph, json } = session;

  /** Follows nextLinks to the deltaLink; returns every item and the deltaLink. */
  async function round(first: string, init: RequestInit = {}): Promise<{ items: Json[]; deltaLink: string; pages: number }> {
    const items: Json[] = [];
    let link: string | undefined = first;
    let pages = 0;
    for (;;) {
      const page = await json(link, init);
      pages += 1;
      items.push(...(page.value as Json[]));
      if (page['@odata.deltaLink']) return { items, deltaLink: String(page['@odata.deltaLink']), pages };
      link = String(page['@odata.nextLink']);
    }
  }

  const user = () => emulator.tenant.users[1];
  const WINDOW = 'startDateTime=2024-01-01T00:00:00&endDateTime=2027-01-01T00:00:00';

  it('tracks a calendar view: window carried in the tokens, Prefer odata.maxpagesize, @removed for deleted events', async () => {
    const prefer = { headers: { prefer: 'odata.maxpagesize=7' } };
    const first = await graph(`/users/${user().id}/calendarView/delta?${WINDOW}`, prefer);
    expect(first.headers.get('preference-applied')).toBe('odata.maxpagesize=7');
    const full = await round(`/users/${user().id}/calendarView/delta?${WINDOW}`, prefer);
    const container = emulator.tenant.containers[user().eventsNo];
    expect(full.items.length).toBeGreaterThan(7);
    expect(full.items.length).toBeLessThanOrEqual(container.count);
    // The links hold the state only: Graph encodes the window in the token.
    expect(full.deltaLink).not.toMatch(/startDateTime/i);
    expect(full.deltaLink).toMatch(/calendarView\/delta\?\$deltatoken=/);

    const changed = String(full.items[0].id);
    const deleted = String(full.items[1].id);
    const patched = emulator.tenant.parseItemId('event', changed)!;
    emulator.tenant.touchItem(patched.container, patched.index);
    expect((await graph(`/users/${user().id}/events/${deleted}`, { method: 'DELETE' })).status).toBe(204);

    const next = await round(full.deltaLink);
    expect(next.items.map((e) => e.id).sort()).toEqual([changed, deleted].sort());
    expect(next.items.find((e) => e.id === deleted)).toEqual({ '@odata.type': '#microsoft.graph.event', id: deleted, '@removed': { reason: 'deleted' } });
    expect(next.items.find((e) => e.id === changed)?.subject).toBeDefined();
    expect((await round(next.deltaLink)).items).toEqual([]);
  });

  it('leaves events outside the window out of the first round and reports them @removed when they change', async () => {
    const container = emulator.tenant.containers[user().eventsNo];
    const narrow = 'startDateTime=2025-12-01T00:00:00Z&endDateTime=2026-01-01T00:00:00Z';
    const inside = await round(`/users/${user().id}/calendarView/delta?${narrow}`);
    const all = await round(`/users/${user().id}/calendarView/delta?${WINDOW}`);
    expect(inside.items.length).toBeLessThan(all.items.length);
    const outside = all.items.find((e) => !inside.items.some((i) => i.id === e.id))!;
    const parsed = emulator.tenant.parseItemId('event', String(outside.id))!;
    emulator.tenant.touchItem(container, parsed.index);
    const next = await round(inside.deltaLink);
    expect(next.items).toEqual([{ '@odata.type': '#microsoft.graph.event', id: outside.id, '@removed': { reason: 'deleted' } }]);
  });

  it('answers a calendarView delta without a window or longer than 1825 days with 400', async () => {
    const bare = await graph(`/users/${user().id}/calendarView/delta`);
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as { error: { code: string } }).error.code).toBe('ErrorInvalidParameter');
    const long = await graph(`/users/${user().id}/calendarView/delta?startDateTime=2020-01-01T00:00:00Z&endDateTime=2026-01-01T00:00:00Z`);
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: { message: string } }).error.message).toMatch(/Maximum number of days: 1825/);
  });

  it('lists contact folders and tracks contacts per folder', async () => {
    const folders = (await json(`/users/${user().id}/contactFolders`)).value as Json[];
    expect(folders).toHaveLength(1);
    expect(folders[0].displayName).toBe('Contacts');
    const folderId = String(folders[0].id);
    expect((await json(`/users/${user().id}/contactFolders/${folderId}`)).id).toBe(folderId);

    const full = await round(`/users/${user().id}/contactFolders/${folderId}/contacts/delta?$select=displayName`);
    const container = emulator.tenant.containers[user().contactsNo];
    expect(full.items).toHaveLength(container.count);
    expect(Object.keys(full.items[0]).sort()).toEqual(['displayName', 'id']);

    const gone = String(full.items[0].id);
    expect((await graph(`/users/${user().id}/contacts/${gone}`, { method: 'DELETE' })).status).toBe(204);
    const added = (await json(`/users/${user().id}/contacts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ givenName: 'Ada', surname: 'Lovelace' }) })) as Json;
    const next = await round(full.deltaLink);
    expect(next.items).toEqual([
      { '@odata.type': '#microsoft.graph.contact', id: gone, '@removed': { reason: 'deleted' } },
      { id: added.id, displayName: 'Ada Lovelace' },
    ]);
    expect((await graph(`/users/${user().id}/contactFolders/nope/contacts/delta`)).status).toBe(404);
  });

  it('tracks channel messages: $top capped at 50, the last eight months first, edits and soft deletes as updates', async () => {
    const team = emulator.tenant.groups.find((g) => g.isTeam)!;
    const channel = emulator.tenant.channels.find((c) => c.groupIdx === team.idx)!;
    const base = `/teams/${team.id}/channels/${encodeURIComponent(channel.id)}/messages`;
    const first = await json(`${base}/delta?$top=500`);
    expect((first.value as Json[]).length).toBeLessThanOrEqual(50);
    expect(first['@odata.context']).toMatch(/Collection\(chatMessage\)$/);

    const full = await round(`${base}/delta?$top=50`);
    const horizon = Date.UTC(2025, 4, 1); // eight months before the virtual epoch 2026-01-01
    expect(full.items.every((m) => Date.parse(String(m.lastModifiedDateTime)) >= horizon)).toBe(true);
    expect(full.items.length).toBeGreaterThan(0);
    expect(full.items.length).toBeLessThan(emulator.tenant.containers[channel.containerNo].count);

    const target = String(full.items[0].id);
    expect((await graph(`${base}/${target}/softDelete`, { method: 'POST' })).status).toBe(204);
    const next = await round(full.deltaLink);
    expect(next.items).toHaveLength(1);
    expect(next.items[0].id).toBe(target);
    expect(next.items[0].deletedDateTime).toEqual(expect.any(String));
    expect(next.items[0]['@removed']).toBeUndefined();
  });

  it('answers drive delta with token=latest by an empty page whose deltaLink sees later changes only', async () => {
    const drive = emulator.tenant.drives[user().driveNo];
    const latest = await json(`/drives/${drive.id}/root/delta?token=latest`);
    expect(latest.value).toEqual([]);
    expect(latest['@odata.nextLink']).toBeUndefined();
    const link = String(latest['@odata.deltaLink']);
    expect(link).not.toMatch(/token=latest/);
    expect((await round(link)).items).toEqual([]);
    const put = await graph(`/drives/${drive.id}/root:/latest.txt:/content`, { method: 'PUT', body: 'hello' });
    expect(put.status).toBe(201);
    const created = (await put.json()) as Json;
    const next = await round(link);
    expect(next.items.map((i) => i.id)).toContain(created.id);
  });

  it('still answers 400 for delta where Graph v1.0 has none', async () => {
    const response = await graph(`/users/${user().id}/events/delta`);
    expect(response.status).toBe(400);
  });
});
