import { HttpError, badRequest, decode, select, sendJson, setODataContext, type Ctx, type Route } from './http-kit';
import { contactFolderIdOf, contactJson, contactRecord, eventJson, eventRecord } from './items';
import { sendArrayPage, sendDeltaPage, tokenParams } from './listing';
import { b64url } from './prng';
import { userOf } from './routes-directory';
import type { UserInfo } from './tenant';

// Event delta on a calendar view and contact delta per contact folder, as Graph v1.0 has them
// (Learn: "event: delta", "contact: delta", "List contactFolders"), plus DELETE of events and
// contacts so changes can be made through the API as well as through mutate().

const itemNotFound = () => new HttpError(404, 'ErrorItemNotFound', 'The specified object was not found in the store.');

/** Graph rejects a calendar view longer than this (ErrorInvalidRequest "Maximum number of days: 1825"). */
const MAX_VIEW_DAYS = 1825;
const DAY_MS = 86_400_000;

interface CalendarWindow {
  startDateTime: string;
  endDateTime: string;
}

/** A time without an offset is UTC: the Prefer time zone header is not emulated and Graph assumes UTC without it. */
function parseTime(value: string): number {
  return Date.parse(/(Z|[+-]\d\d:?\d\d)$/i.test(value) ? value : `${value}Z`);
}

/** Query parameters are matched case-insensitively, as Graph does (Learn's own example writes `startdatetime`). */
function queryParam(ctx: Ctx, name: string): string | null {
  for (const [key, value] of ctx.url.searchParams) if (key.toLowerCase() === name.toLowerCase()) return value;
  return null;
}

/** The window of the round: from the token when there is one (Graph encodes it there), else from the query. */
function calendarWindow(ctx: Ctx): CalendarWindow {
  const carried = tokenParams(ctx);
  if (carried?.startDateTime && carried.endDateTime) return { startDateTime: carried.startDateTime, endDateTime: carried.endDateTime };
  const startDateTime = queryParam(ctx, 'startDateTime');
  const endDateTime = queryParam(ctx, 'endDateTime');
  if (!startDateTime || !endDateTime) {
    throw badRequest('This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.', 'ErrorInvalidParameter');
  }
  const start = parseTime(startDateTime);
  const end = parseTime(endDateTime);
  if (Number.isNaN(start) || Number.isNaN(end)) throw badRequest('The value of StartDateTime or EndDateTime is not a valid date and time.', 'ErrorInvalidParameter');
  if (end - start > MAX_VIEW_DAYS * DAY_MS) {
    throw badRequest(`Your request can't be completed. The range between the start and end dates is greater than the allowed range. Maximum number of days: ${MAX_VIEW_DAYS}`, 'ErrorInvalidRequest');
  }
  return { startDateTime, endDateTime };
}

export function contactFolderId(user: UserInfo): string {
  return contactFolderIdOf(user.idx);
}

/** The mailbox has one contact folder, the default "Contacts"; Learn's List contactFolders example answers it. */
function contactFolderJson(user: UserInfo) {
  return { id: contactFolderId(user), displayName: 'Contacts', parentFolderId: `AAMkAGr${b64url(String(user.idx))}` };
}

function contactFolderOf(ctx: Ctx, user: UserInfo, raw: string) {
  if (decode(raw) !== contactFolderId(user)) throw itemNotFound();
  return ctx.tenant.containers[user.contactsNo];
}

function ownedItem(ctx: Ctx, kind: 'event' | 'contact', containerNo: number, raw: string) {
  const parsed = ctx.tenant.parseItemId(kind, decode(raw));
  if (!parsed || parsed.container.no !== containerNo || !ctx.tenant.exists(parsed.container, parsed.index)) throw itemNotFound();
  return parsed;
}

const removed = (type: string, id: string) => ({ '@odata.type': `#microsoft.graph.${type}`, id, '@removed': { reason: 'deleted' } });

export const outlookDeltaRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/users\/([^/]+)\/calendarView\/delta$/,
    handler: (ctx, [u]) => {
      const user = userOf(ctx, u);
      const container = ctx.tenant.containers[user.eventsNo];
      const window = calendarWindow(ctx);
      const from = parseTime(window.startDateTime);
      const to = parseTime(window.endDateTime);
      // An event is in the view when it overlaps the window. Events that leave the view (or change
      // outside it) come back under @removed with reason deleted, as Learn's event: delta describes.
      const inView = (index: number) => {
        const record = eventRecord(ctx.tenant, container, index, user.idx);
        return parseTime(record.start.dateTime) < to && parseTime(record.end.dateTime) > from;
      };
      setODataContext(ctx.res, { base: `${ctx.graphBase}/$metadata#Collection(event)`, complete: true });
      sendDeltaPage(
        ctx,
        container,
        (i) => eventJson(ctx.tenant, container, i, eventRecord(ctx.tenant, container, i, user.idx)),
        (i) => removed('event', ctx.tenant.itemId(container, i)),
        // calendarView delta returns the properties of GET /calendarView; $select is not applied there.
        { fallbackTop: 10, maxTop: 1000, inView, params: { ...window }, select: false },
      );
    },
  },
  {
    method: 'DELETE',
    pattern: /^\/users\/([^/]+)\/(?:calendar\/)?events\/([^/]+)$/,
    handler: (ctx, [u, e]) => {
      const { container, index } = ownedItem(ctx, 'event', userOf(ctx, u).eventsNo, e);
      ctx.tenant.deleteItem(container, index);
      ctx.res.writeHead(204).end();
    },
  },
  {
    method: 'GET',
    pattern: /^\/users\/([^/]+)\/contactFolders$/,
    handler: (ctx, [u]) => sendArrayPage(ctx, [contactFolderJson(userOf(ctx, u))], 10, 1000),
  },
  {
    method: 'GET',
    pattern: /^\/users\/([^/]+)\/contactFolders\/([^/]+)$/,
    handler: (ctx, [u, f]) => {
      const user = userOf(ctx, u);
      contactFolderOf(ctx, user, f);
      setODataContext(ctx.res, { base: `${ctx.graphBase}/$metadata#users('${user.id}')/contactFolders/$entity`, complete: true });
      sendJson(ctx.res, 200, select(ctx, contactFolderJson(user)));
    },
  },
  {
    method: 'GET',
    pattern: /^\/users\/([^/]+)\/contactFolders\/([^/]+)\/contacts\/delta$/,
    handler: (ctx, [u, f]) => {
      const user = userOf(ctx, u);
      const container = contactFolderOf(ctx, user, f);
      sendDeltaPage(
        ctx,
        container,
        (i) => contactJson(ctx.tenant, container, i, contactRecord(ctx.tenant, container, i), user.idx),
        (i) => removed('contact', ctx.tenant.itemId(container, i)),
        { fallbackTop: 10, maxTop: 1000 },
      );
    },
  },
  {
    method: 'DELETE',
    pattern: /^\/users\/([^/]+)\/(?:contactFolders\/[^/]+\/)?contacts\/([^/]+)$/,
    handler: (ctx, [u, c]) => {
      const { container, index } = ownedItem(ctx, 'contact', userOf(ctx, u).contactsNo, c);
      ctx.tenant.deleteItem(container, index);
      ctx.res.writeHead(204).end();
    },
  },
];
