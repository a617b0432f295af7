import { HttpError, decode, sendJson, type Ctx, type Route } from './http-kit';
import { sendArrayPage, sendDeltaPage, sendListPage } from './listing';
import { userJson } from './items';
import { VIRTUAL_EPOCH, type DriveInfo, type GroupInfo, type SiteInfo, type Tenant, type UserInfo } from './tenant';

// Directory objects: organization, users, groups, sites, drives (as objects), teams and channels.

const created = (offsetDays: number) => new Date(VIRTUAL_EPOCH - offsetDays * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

export function userOf(ctx: Ctx, raw: string): UserInfo {
  const user = ctx.tenant.user(decode(raw));
  if (!user) throw new HttpError(404, 'Request_ResourceNotFound', `Resource '${decode(raw)}' does not exist or one of its queried reference-property objects are not present.`);
  return user;
}

export function groupOf(ctx: Ctx, raw: string): GroupInfo {
  const group = ctx.tenant.group(decode(raw));
  if (!group) throw new HttpError(404, 'Request_ResourceNotFound', `Resource '${decode(raw)}' does not exist or one of its queried reference-property objects are not present.`);
  return group;
}

export function siteOf(ctx: Ctx, raw: string): SiteInfo {
  const id = decode(raw);
  const site = id === 'root' ? ctx.tenant.sites[0] : ctx.tenant.site(id);
  if (!site) throw new HttpError(404, 'itemNotFound', 'Requested site could not be found');
  return site;
}

export function teamOf(ctx: Ctx, raw: string): GroupInfo {
  const group = ctx.tenant.group(decode(raw));
  if (!group || !group.isTeam) throw new HttpError(404, 'NotFound', 'No team found with Group Id ' + decode(raw));
  return group;
}

function groupJson(tenant: Tenant, group: GroupInfo) {
  return {
    id: group.id,
    createdDateTime: created(600 - group.idx),
    description: group.description,
    displayName: group.displayName,
    groupTypes: ['Unified'],
    mail: `${group.mailNickname}@${tenant.domain}`,
    mailEnabled: true,
    mailNickname: group.mailNickname,
    resourceProvisioningOptions: group.isTeam ? ['Team'] : [],
    securityEnabled: false,
    visibility: 'Private',
  };
}

function siteJson(tenant: Tenant, site: SiteInfo) {
  return {
    id: site.id,
    createdDateTime: created(700 - site.idx),
    lastModifiedDateTime: created(10),
    name: site.name,
    displayName: site.displayName,
    webUrl: site.webUrl,
    siteCollection: { hostname: tenant.sharePointHost },
    ...(site.idx === 0 ? { root: {} } : {}),
  };
}

export function driveJson(tenant: Tenant, drive: DriveInfo) {
  const owner =
    drive.ownerUser !== undefined
      ? { user: { id: tenant.users[drive.ownerUser].id, displayName: tenant.users[drive.ownerUser].displayName, email: tenant.users[drive.ownerUser].userPrincipalName } }
      : { group: { id: tenant.sites[drive.ownerSite ?? 0].id, displayName: tenant.sites[drive.ownerSite ?? 0].displayName } };
  const site = drive.ownerSite === undefined ? undefined : tenant.sites[drive.ownerSite];
  return {
    id: drive.id,
    name: drive.name,
    description: '',
    driveType: drive.driveType,
    createdDateTime: created(700),
    lastModifiedDateTime: created(1),
    webUrl: site ? `${site.webUrl}/${encodeURIComponent(drive.name)}` : `https://${tenant.sharePointHost.replace('.sharepoint', '-my.sharepoint')}/personal/${tenant.users[drive.ownerUser ?? 0].userPrincipalName.replace(/[@.]/g, '_')}/Documents`,
    owner,
    quota: { deleted: 0, remaining: 1_099_511_627_776, state: 'normal', total: 1_099_511_627_776, used: 0 },
  };
}

function teamJson(group: GroupInfo) {
  return { id: group.id, displayName: group.displayName, description: group.description, visibility: 'private', isArchived: false, createdDateTime: created(600 - group.idx) };
}

export function channelJson(tenant: Tenant, channelNo: number) {
  const channel = tenant.channels[channelNo];
  return {
    id: channel.id,
    createdDateTime: created(500 - channelNo),
    displayName: channel.displayName,
    description: channel.description,
    email: '',
    membershipType: 'standard',
    webUrl: `https://teams.microsoft.com/l/channel/${encodeURIComponent(channel.id)}/${encodeURIComponent(channel.displayName)}`,
  };
}

function organizationJson(tenant: Tenant) {
  return {
    id: tenant.organizationId,
    displayName: tenant.organizationName,
    tenantType: 'AAD',
    createdDateTime: created(900),
    countryLetterCode: 'US',
    verifiedDomains: [{ capabilities: 'Email, OfficeCommunicationsOnline', isDefault: true, isInitial: true, name: tenant.domain, type: 'Managed' }],
  };
}

const drivesOfSite = (tenant: Tenant, site: SiteInfo) => site.driveNos.filter((no) => !tenant.isDriveRemoved(no)).map((no) => driveJson(tenant, tenant.drives[no]));

export const directoryRoutes: Route[] = [
  { method: 'GET', pattern: /^\/organization$/, handler: (ctx) => sendJson(ctx.res, 200, { value: [organizationJson(ctx.tenant)] }) },
  {
    method: 'GET',
    pattern: /^\/users$/,
    handler: (ctx) => sendListPage(ctx, ctx.tenant.usersContainer, (i) => userJson(ctx.tenant, i), { fallbackTop: 100, maxTop: 999, overMax: 'directory' }),
  },
  {
    method: 'GET',
    pattern: /^\/users\/delta$/,
    handler: (ctx) =>
      sendDeltaPage(ctx, ctx.tenant.usersContainer, (i) => userJson(ctx.tenant, i), (i) => ({ id: ctx.tenant.users[i].id, '@removed': { reason: 'deleted' } }), { fallbackTop: 100, maxTop: 999 }),
  },
  { method: 'GET', pattern: /^\/users\/([^/]+)$/, handler: (ctx, [u]) => sendJson(ctx.res, 200, userJson(ctx.tenant, userOf(ctx, u).idx)) },
  { method: 'GET', pattern: /^\/users\/([^/]+)\/drive$/, handler: (ctx, [u]) => sendJson(ctx.res, 200, driveJson(ctx.tenant, ctx.tenant.drives[userOf(ctx, u).driveNo])) },
  { method: 'GET', pattern: /^\/users\/([^/]+)\/drives$/, handler: (ctx, [u]) => sendJson(ctx.res, 200, { value: [driveJson(ctx.tenant, ctx.tenant.drives[userOf(ctx, u).driveNo])] }) },

  {
    method: 'GET',
    pattern: /^\/groups$/,
    handler: (ctx) => {
      // The one $filter clients commonly use here: the documented way to list groups that have a team.
      const filter = ctx.url.searchParams.get('$filter') ?? '';
      const teamsOnly = /resourceProvisioningOptions\/any\(\w+:\s*\w+ eq 'Team'\)/i.test(filter);
      if (filter && !teamsOnly) throw new HttpError(400, 'Request_UnsupportedQuery', `Unsupported $filter '${filter}' (not emulated).`);
      const groups = ctx.tenant.groups.filter((g) => !teamsOnly || g.isTeam);
      sendArrayPage(ctx, groups.map((g) => groupJson(ctx.tenant, g)), 100, 999, 'directory');
    },
  },
  { method: 'GET', pattern: /^\/groups\/([^/]+)$/, handler: (ctx, [g]) => sendJson(ctx.res, 200, groupJson(ctx.tenant, groupOf(ctx, g))) },
  {
    method: 'GET',
    pattern: /^\/groups\/([^/]+)\/members$/,
    handler: (ctx, [g]) => sendArrayPage(ctx, groupOf(ctx, g).memberIdx.map((i) => ({ '@odata.type': '#microsoft.graph.user', ...userJson(ctx.tenant, i) })), 100, 999, 'directory'),
  },
  {
    method: 'GET',
    pattern: /^\/groups\/([^/]+)\/drive$/,
    handler: (ctx, [g]) => sendJson(ctx.res, 200, driveJson(ctx.tenant, ctx.tenant.drives[ctx.tenant.sites[groupOf(ctx, g).siteIdx].driveNos[0]])),
  },
  {
    method: 'GET',
    pattern: /^\/groups\/([^/]+)\/sites\/root$/,
    handler: (ctx, [g]) => sendJson(ctx.res, 200, siteJson(ctx.tenant, ctx.tenant.sites[groupOf(ctx, g).siteIdx])),
  },

  {
    method: 'GET',
    pattern: /^\/sites(?:\/getAllSites)?$/,
    handler: (ctx) => {
      const search = (ctx.url.searchParams.get('search') ?? '*').trim().toLowerCase();
      const sites = ctx.tenant.sites.filter((s) => search === '*' || search === '' || `${s.displayName} ${s.name}`.toLowerCase().includes(search));
      sendArrayPage(ctx, sites.map((s) => siteJson(ctx.tenant, s)), 200, 999);
    },
  },
  { method: 'GET', pattern: /^\/sites\/([^/]+)$/, handler: (ctx, [s]) => sendJson(ctx.res, 200, siteJson(ctx.tenant, siteOf(ctx, s))) },
  { method: 'GET', pattern: /^\/sites\/([^/]+)\/drives$/, handler: (ctx, [s]) => sendArrayPage(ctx, drivesOfSite(ctx.tenant, siteOf(ctx, s)), 200, 999) },
  { method: 'GET', pattern: /^\/sites\/([^/]+)\/drive$/, handler: (ctx, [s]) => sendJson(ctx.res, 200, drivesOfSite(ctx.tenant, siteOf(ctx, s))[0]) },

  { method: 'GET', pattern: /^\/teams$/, handler: (ctx) => sendArrayPage(ctx, ctx.tenant.groups.filter((g) => g.isTeam).map(teamJson), 100, 999, 'directory') },
  { method: 'GET', pattern: /^\/teams\/([^/]+)$/, handler: (ctx, [t]) => sendJson(ctx.res, 200, teamJson(teamOf(ctx, t))) },
  {
    method: 'GET',
    pattern: /^\/teams\/([^/]+)\/channels$/,
    handler: (ctx, [t]) => {
      const team = teamOf(ctx, t);
      const channels = ctx.tenant.channels.filter((c) => c.groupIdx === team.idx && !ctx.tenant.isChannelRemoved(c.no)).map((c) => channelJson(ctx.tenant, c.no));
      sendJson(ctx.res, 200, { '@odata.count': channels.length, value: channels });
    },
  },
];
