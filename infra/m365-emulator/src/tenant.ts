import { b64url, guidFor, hashKey, rngFor, unb64url } from './prng';
import { CHANNEL_NAMES, DEPARTMENTS, FIRST_NAMES, FOLDER_WORDS, GROUP_SUFFIXES, JOB_TITLES, LAST_NAMES, ORGANIZATIONS } from './words';

// The tenant is a layout (users, groups, sites, drives, channels: small, held in memory) plus
// containers of items. A container stores only a count and an overlay of what changed since
// generation; item content is derived from (seed, container, index, version) when asked for.

export type ItemKind = 'message' | 'event' | 'contact' | 'driveItem' | 'chatMessage' | 'user';

export interface ItemState {
  v: number;
  deleted: boolean;
  /** Change sequence number; generated items are at 0. */
  seq: number;
}

export interface DriveLayout {
  /** Generated folders are indices 1..folderCount; index 0 is the root. */
  folderCount: number;
  fileCount: number;
  folderParent: number[];
  folderNames: string[];
}

export interface Container {
  no: number;
  kind: ItemKind;
  key: string;
  baseCount: number;
  count: number;
  overlay: Map<number, ItemState>;
  /** Records written through the API (restore); they win over generated content. */
  stored: Map<number, unknown>;
  /** `${parentIndex}/${lower-case name}` -> index, for drive items written through the API. */
  names: Map<string, number>;
  drive?: DriveLayout;
}

export interface MailFolderInfo {
  id: string;
  displayName: string;
  wellKnownName?: string;
  /** -1 for top-level folders (parent is the mailbox root). */
  parent: number;
  containerNo: number;
}

export interface UserInfo {
  idx: number;
  id: string;
  givenName: string;
  surname: string;
  displayName: string;
  userPrincipalName: string;
  jobTitle: string;
  department: string;
  folders: MailFolderInfo[];
  eventsNo: number;
  contactsNo: number;
  driveNo: number;
  /** A shared mailbox: Graph lists no licence for it and its account cannot sign in. */
  shared: boolean;
}

export interface GroupInfo {
  idx: number;
  id: string;
  displayName: string;
  mailNickname: string;
  description: string;
  isTeam: boolean;
  siteIdx: number;
  memberIdx: number[];
}

export interface SiteInfo {
  idx: number;
  id: string;
  name: string;
  displayName: string;
  webUrl: string;
  driveNos: number[];
  groupIdx?: number;
}

export interface DriveInfo {
  no: number;
  id: string;
  name: string;
  driveType: 'business' | 'documentLibrary';
  ownerUser?: number;
  ownerSite?: number;
  containerNo: number;
}

export interface ChannelInfo {
  no: number;
  groupIdx: number;
  id: string;
  displayName: string;
  description: string;
  containerNo: number;
}

export interface TenantOptions {
  seed: string | number;
  /** Approximate number of items (messages, events, contacts, files, channel messages). */
  size?: number;
  /** Overrides the user count derived from size. */
  users?: number;
  /** How many of the users (the last ones) are shared mailboxes: no licence, sign-in blocked. Default 0. */
  sharedMailboxes?: number;
}

export const DEFAULT_SIZE = 20_000;
/** Generated timestamps lie before this instant; changes made later are stamped after it. */
export const VIRTUAL_EPOCH = Date.UTC(2026, 0, 1);

const MAIL_FOLDERS: { displayName: string; wellKnownName?: string; parent: number; share: number }[] = [
  { displayName: 'Inbox', wellKnownName: 'inbox', parent: -1, share: 0.5 },
  { displayName: 'Sent Items', wellKnownName: 'sentitems', parent: -1, share: 0.25 },
  { displayName: 'Drafts', wellKnownName: 'drafts', parent: -1, share: 0.02 },
  { displayName: 'Deleted Items', wellKnownName: 'deleteditems', parent: -1, share: 0.05 },
  { displayName: 'Archive', wellKnownName: 'archive', parent: -1, share: 0.1 },
  { displayName: 'Projects', parent: 0, share: 0.08 },
];

const ID_PREFIX: Record<Exclude<ItemKind, 'user' | 'chatMessage'>, string> = {
  message: 'AAMkAGm',
  event: 'AAMkAGe',
  contact: 'AAMkAGc',
  driveItem: '01EMU',
};
const CHAT_ID_BASE = 1_600_000_000_000;

export class Tenant {
  readonly seed: string;
  readonly size: number;
  readonly tenantId: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly organizationId: string;
  readonly organizationName: string;
  readonly domain: string;
  readonly sharePointHost: string;
  readonly users: UserInfo[] = [];
  readonly groups: GroupInfo[] = [];
  readonly sites: SiteInfo[] = [];
  readonly drives: DriveInfo[] = [];
  readonly channels: ChannelInfo[] = [];
  readonly containers: Container[] = [];
  readonly usersContainer: Container;
  /** Last change sequence number handed out. */
  seq = 0;
  mutationRounds = 0;
  /** Bumped to invalidate every delta token issued so far (Graph's 410 resync case). */
  deltaGeneration = 0;
  private readonly userIndex = new Map<string, UserInfo>();
  private readonly groupIndex = new Map<string, GroupInfo>();
  private readonly siteIndex = new Map<string, SiteInfo>();
  private readonly driveIndex = new Map<string, DriveInfo>();
  private readonly channelIndex = new Map<string, ChannelInfo>();

  constructor(options: TenantOptions) {
    this.seed = String(options.seed);
    this.size = Math.max(0, Math.floor(options.size ?? DEFAULT_SIZE));
    const seed = this.seed;
    const r = rngFor(seed, 'tenant');
    this.tenantId = guidFor(seed, 'tenant');
    this.clientId = guidFor(seed, 'client');
    this.clientSecret = `emu~${hashKey(seed, 'secret').toString(36)}${hashKey(seed, 'secret2').toString(36)}`;
    this.organizationId = this.tenantId;
    this.organizationName = r.pick(ORGANIZATIONS);
    const slug = this.organizationName.toLowerCase().replace(/[^a-z]/g, '');
    const suffix = (hashKey(seed, 'domain') % 900) + 100;
    this.domain = `${slug}${suffix}.onmicrosoft.com`;
    this.sharePointHost = `${slug}${suffix}.sharepoint.com`;

    const userCount = options.users ?? Math.min(400, Math.max(3, Math.round(Math.sqrt(this.size) / 2.8)));
    const groupCount = Math.min(40, Math.max(2, Math.round(userCount / 8)));
    // Most groups are teams, but never all: a plain Microsoft 365 group must exist too.
    const teamCount = Math.max(1, Math.min(groupCount - 1, Math.round(groupCount * 0.6)));
    const budget = (share: number, parts: number, key: string) => {
      if (parts === 0) return 0;
      const jitter = 0.6 + rngFor(seed, 'jitter', key).next() * 0.8;
      return Math.max(0, Math.round(((this.size * share) / parts) * jitter));
    };

    this.usersContainer = this.addContainer('user', 'users', userCount);
    const upns = new Set<string>();
    for (let i = 0; i < userCount; i++) {
      const ur = rngFor(seed, 'user', i);
      const givenName = ur.pick(FIRST_NAMES);
      const surname = ur.pick(LAST_NAMES);
      let local = `${givenName}.${surname}`.toLowerCase();
      if (upns.has(local)) local = `${local}${i}`;
      upns.add(local);
      const user: UserInfo = {
        idx: i,
        id: guidFor(seed, 'user', i),
        givenName,
        surname,
        displayName: `${givenName} ${surname}`,
        userPrincipalName: `${local}@${this.domain}`,
        jobTitle: ur.pick(JOB_TITLES),
        department: ur.pick(DEPARTMENTS),
        folders: [],
        eventsNo: 0,
        contactsNo: 0,
        driveNo: 0,
        shared: i >= userCount - (options.sharedMailboxes ?? 0),
      };
      const mail = budget(0.55, userCount, `mail${i}`);
      MAIL_FOLDERS.forEach((folder, f) => {
        const container = this.addContainer('message', `u${i}/mail/${f}`, Math.round(mail * folder.share));
        user.folders.push({ id: this.folderId(i, f), displayName: folder.displayName, wellKnownName: folder.wellKnownName, parent: folder.parent, containerNo: container.no });
      });
      user.eventsNo = this.addContainer('event', `u${i}/events`, budget(0.08, userCount, `ev${i}`)).no;
      user.contactsNo = this.addContainer('contact', `u${i}/contacts`, budget(0.05, userCount, `ct${i}`)).no;
      user.driveNo = this.addDrive('OneDrive', 'business', budget(0.2, userCount, `od${i}`), { ownerUser: i }).no;
      this.users.push(user);
      this.userIndex.set(user.id, user);
      this.userIndex.set(user.userPrincipalName.toLowerCase(), user);
    }

    const siteFileBudget = (key: string) => budget(0.07, groupCount + 2, key);
    const rootSite = this.addSite('root', 'Communication site', undefined);
    rootSite.driveNos.push(this.addDrive('Documents', 'documentLibrary', siteFileBudget('root-docs'), { ownerSite: rootSite.idx }).no);
    rootSite.driveNos.push(this.addDrive('Site Assets', 'documentLibrary', siteFileBudget('root-assets'), { ownerSite: rootSite.idx }).no);
    const channelTotal = teamCount * 2.5;
    for (let g = 0; g < groupCount; g++) {
      const gr = rngFor(seed, 'group', g);
      const topic = `${gr.pick(DEPARTMENTS)} ${gr.pick(GROUP_SUFFIXES)}`;
      const displayName = this.groups.some((x) => x.displayName === topic) ? `${topic} ${g}` : topic;
      const mailNickname = displayName.replace(/[^A-Za-z0-9]/g, '');
      const site = this.addSite(mailNickname, displayName, g);
      site.driveNos.push(this.addDrive('Documents', 'documentLibrary', siteFileBudget(`g${g}`), { ownerSite: site.idx }).no);
      const memberIdx = Array.from({ length: Math.min(userCount, gr.int(2, 8)) }, () => gr.int(0, userCount - 1)).filter((v, k, all) => all.indexOf(v) === k);
      const group: GroupInfo = { idx: g, id: guidFor(seed, 'group', g), displayName, mailNickname, description: `${displayName} workspace`, isTeam: g < teamCount, siteIdx: site.idx, memberIdx };
      this.groups.push(group);
      this.groupIndex.set(group.id, group);
      if (group.isTeam) {
        const extra = gr.int(1, 3);
        for (let c = 0; c <= extra; c++) {
          const name = c === 0 ? 'General' : CHANNEL_NAMES[(g + c) % CHANNEL_NAMES.length];
          const no = this.channels.length;
          const container = this.addContainer('chatMessage', `t${g}/ch${c}`, budget(0.05, channelTotal, `t${g}c${c}`));
          const channel: ChannelInfo = { no, groupIdx: g, id: `19:${guidFor(seed, 'channel', g, c).replace(/-/g, '')}@thread.tacv2`, displayName: name, description: `${name} channel of ${displayName}`, containerNo: container.no };
          this.channels.push(channel);
          this.channelIndex.set(channel.id, channel);
        }
      }
    }
  }

  private addContainer(kind: ItemKind, key: string, baseCount: number): Container {
    const container: Container = { no: this.containers.length, kind, key, baseCount, count: baseCount, overlay: new Map(), stored: new Map(), names: new Map() };
    this.containers.push(container);
    return container;
  }

  private addSite(name: string, displayName: string, groupIdx: number | undefined): SiteInfo {
    const idx = this.sites.length;
    const site: SiteInfo = {
      idx,
      id: `${this.sharePointHost},${guidFor(this.seed, 'sitecol', idx)},${guidFor(this.seed, 'web', idx)}`,
      name,
      displayName,
      webUrl: name === 'root' ? `https://${this.sharePointHost}` : `https://${this.sharePointHost}/sites/${name}`,
      driveNos: [],
      groupIdx,
    };
    this.sites.push(site);
    this.siteIndex.set(site.id, site);
    return site;
  }

  private addDrive(name: string, driveType: DriveInfo['driveType'], fileCount: number, owner: { ownerUser?: number; ownerSite?: number }): DriveInfo {
    const no = this.drives.length;
    const folderCount = Math.min(200, Math.max(1, Math.ceil(fileCount / 150)));
    const dr = rngFor(this.seed, 'drive', no);
    const folderParent = [0];
    const folderNames = ['root'];
    for (let k = 1; k <= folderCount; k++) {
      // The first folders sit in the root; later ones nest under an earlier folder, so parents precede children.
      folderParent.push(k <= 4 ? 0 : dr.int(0, k - 1));
      folderNames.push(`${FOLDER_WORDS[(k - 1) % FOLDER_WORDS.length]}${k > FOLDER_WORDS.length ? ` ${k}` : ''}`);
    }
    const container = this.addContainer('driveItem', `d${no}`, 1 + folderCount + fileCount);
    container.drive = { folderCount, fileCount, folderParent, folderNames };
    const id = `b!${Buffer.from(`${hashKey(this.seed, 'drive', no).toString(16)}${hashKey(this.seed, 'drive2', no).toString(16)}`).toString('base64url')}`;
    const drive: DriveInfo = { no, id, name, driveType, containerNo: container.no, ...owner };
    this.drives.push(drive);
    this.driveIndex.set(drive.id, drive);
    return drive;
  }

  folderId(userIdx: number, folderNo: number): string {
    return `AAMkAGf${b64url(`${userIdx}.${folderNo}`)}`;
  }

  itemId(container: Container, index: number): string {
    if (container.kind === 'chatMessage') return String(CHAT_ID_BASE + index);
    if (container.kind === 'user') return this.users[index].id;
    return `${ID_PREFIX[container.kind]}${b64url(`${container.no}.${index}`)}`;
  }

  /** Decodes an item id of `kind`; null for anything malformed or foreign. */
  parseItemId(kind: Exclude<ItemKind, 'user' | 'chatMessage'>, id: string): { container: Container; index: number } | null {
    const prefix = ID_PREFIX[kind];
    if (!id.startsWith(prefix)) return null;
    const match = /^(\d+)\.(\d+)$/.exec(unb64url(id.slice(prefix.length)));
    if (!match) return null;
    const container = this.containers[Number(match[1])];
    const index = Number(match[2]);
    if (!container || container.kind !== kind || index >= container.count) return null;
    return { container, index };
  }

  chatIndex(container: Container, id: string): number | null {
    if (!/^\d+$/.test(id)) return null;
    const index = Number(id) - CHAT_ID_BASE;
    return index >= 0 && index < container.count ? index : null;
  }

  user(idOrUpn: string) {
    return this.userIndex.get(idOrUpn) ?? this.userIndex.get(idOrUpn.toLowerCase());
  }
  group(id: string) {
    return this.groupIndex.get(id);
  }
  site(id: string) {
    return this.siteIndex.get(id);
  }
  drive(id: string) {
    const drive = this.driveIndex.get(id);
    return drive && !this.removedDrives.has(drive.no) ? drive : undefined;
  }
  channel(id: string) {
    const channel = this.channelIndex.get(id);
    return channel && !this.removedChannels.has(channel.no) ? channel : undefined;
  }

  /** Drives and channels deleted as a whole (a document library removed, a channel deleted). */
  private readonly removedDrives = new Set<number>();
  private readonly removedChannels = new Set<number>();
  isDriveRemoved = (no: number) => this.removedDrives.has(no);
  isChannelRemoved = (no: number) => this.removedChannels.has(no);
  removeDrive(id: string): boolean {
    const drive = this.drive(id);
    if (drive) this.removedDrives.add(drive.no);
    return !!drive;
  }
  removeChannel(id: string): boolean {
    const channel = this.channel(id);
    if (channel) this.removedChannels.add(channel.no);
    return !!channel;
  }

  state(container: Container, index: number): ItemState {
    return container.overlay.get(index) ?? { v: 0, deleted: false, seq: 0 };
  }

  exists(container: Container, index: number): boolean {
    return index >= 0 && index < container.count && !this.state(container, index).deleted;
  }

  nextSeq(): number {
    this.seq += 1;
    return this.seq;
  }

  /** Virtual time of a change: generated data predates VIRTUAL_EPOCH, each change is a minute later. */
  timeOf(seq: number): string {
    return new Date(VIRTUAL_EPOCH + seq * 60_000).toISOString();
  }

  /** Appends an item (generated from its index unless `record` is given) and returns its index. */
  addItem(container: Container, record?: unknown): number {
    const index = container.count;
    container.count += 1;
    container.overlay.set(index, { v: 1, deleted: false, seq: this.nextSeq() });
    if (record !== undefined) container.stored.set(index, record);
    return index;
  }

  touchItem(container: Container, index: number, record?: unknown): void {
    const prev = this.state(container, index);
    container.overlay.set(index, { v: prev.v + 1, deleted: false, seq: this.nextSeq() });
    if (record !== undefined) container.stored.set(index, record);
  }

  deleteItem(container: Container, index: number): void {
    const prev = this.state(container, index);
    container.overlay.set(index, { v: prev.v, deleted: true, seq: this.nextSeq() });
    container.stored.delete(index);
  }

  /** Total live items, by kind (users excluded). */
  counts(): Record<Exclude<ItemKind, 'user'>, number> & { total: number } {
    const counts = { message: 0, event: 0, contact: 0, driveItem: 0, chatMessage: 0, total: 0 };
    for (const container of this.containers) {
      if (container.kind === 'user') continue;
      let deleted = 0;
      for (const state of container.overlay.values()) if (state.deleted) deleted++;
      const live = container.count - deleted;
      counts[container.kind] += live;
      counts.total += live;
    }
    return counts;
  }
}
