import { HttpError, badRequest, decode, readJson, select, sendJson, setODataContext, type Ctx, type Route } from './http-kit';
import { sendDeltaPage, sendListPage } from './listing';
import { chatMessageJson, chatMessageRecord, type ChatMessageRecord } from './items';
import { channelJson, teamOf } from './routes-directory';
import type { ChannelInfo, GroupInfo } from './tenant';

// Channel messages of teams: listing, reading and posting (restore posts in migration style,
// so createdDateTime and from may be supplied).

function channelOf(ctx: Ctx, rawTeam: string, rawChannel: string): { team: GroupInfo; channel: ChannelInfo } {
  const team = teamOf(ctx, rawTeam);
  const channel = ctx.tenant.channel(decode(rawChannel));
  if (!channel || channel.groupIdx !== team.idx) throw new HttpError(404, 'NotFound', 'Channel not found.');
  return { team, channel };
}

function render(ctx: Ctx, team: GroupInfo, channel: ChannelInfo, index: number) {
  const container = ctx.tenant.containers[channel.containerNo];
  return chatMessageJson(ctx.tenant, container, index, chatMessageRecord(ctx.tenant, container, index, team.memberIdx), team.id, channel.id);
}

/** Learn's chatMessage: delta returns messages of the last eight months only (older ones: list messages). */
const DELTA_MONTHS = 8;

function deltaHorizon(ctx: Ctx): number {
  const now = new Date(ctx.tenant.timeOf(ctx.tenant.seq));
  now.setUTCMonth(now.getUTCMonth() - DELTA_MONTHS);
  return now.getTime();
}

function messageIndex(ctx: Ctx, channel: ChannelInfo, raw: string): number {
  const container = ctx.tenant.containers[channel.containerNo];
  const index = ctx.tenant.chatIndex(container, decode(raw));
  if (index === null || !ctx.tenant.exists(container, index)) throw new HttpError(404, 'NotFound', 'Message not found.');
  return index;
}

export const teamsRoutes: Route[] = [
  {
    // Listed before GET /messages/{id}, which would otherwise read `delta` as a message id.
    method: 'GET',
    pattern: /^\/teams\/([^/]+)\/channels\/([^/]+)\/messages\/delta$/,
    handler: (ctx, [t, c]) => {
      const { team, channel } = channelOf(ctx, t, c);
      const container = ctx.tenant.containers[channel.containerNo];
      const horizon = deltaHorizon(ctx);
      const lastModified = (i: number) => Date.parse(chatMessageRecord(ctx.tenant, container, i, team.memberIdx).lastModifiedDateTime);
      setODataContext(ctx.res, { base: `${ctx.graphBase}/$metadata#Collection(chatMessage)`, complete: true });
      // The first round holds the last eight months; later rounds every message added or changed.
      // Learn documents new and updated messages only, no @removed: a deleted message is a
      // tombstone (deletedDateTime set, see softDelete) that comes back as an update.
      sendDeltaPage(ctx, container, (i) => render(ctx, team, channel, i), () => null, {
        fallbackTop: 20,
        maxTop: 50,
        inView: (i, initial) => !initial || lastModified(i) >= horizon,
      });
    },
  },
  {
    // chatMessage: softDelete. Teams keeps the message with deletedDateTime set.
    method: 'POST',
    pattern: /^\/teams\/([^/]+)\/channels\/([^/]+)\/messages\/([^/]+)\/softDelete$/,
    handler: (ctx, [t, c, m]) => {
      const { team, channel } = channelOf(ctx, t, c);
      const container = ctx.tenant.containers[channel.containerNo];
      const index = messageIndex(ctx, channel, m);
      const now = ctx.tenant.timeOf(ctx.tenant.seq + 1);
      const record = chatMessageRecord(ctx.tenant, container, index, team.memberIdx);
      ctx.tenant.touchItem(container, index, { ...record, deletedDateTime: record.deletedDateTime ?? now, lastModifiedDateTime: now });
      ctx.res.writeHead(204).end();
    },
  },
  {
    method: 'GET',
    pattern: /^\/teams\/([^/]+)\/channels\/([^/]+)$/,
    handler: (ctx, [t, c]) => sendJson(ctx.res, 200, channelJson(ctx.tenant, channelOf(ctx, t, c).channel.no)),
  },
  {
    // Learn: channel: delete (204). The channel and its messages are gone from every listing.
    method: 'DELETE',
    pattern: /^\/teams\/([^/]+)\/channels\/([^/]+)$/,
    handler: (ctx, [t, c]) => {
      ctx.tenant.removeChannel(channelOf(ctx, t, c).channel.id);
      ctx.res.writeHead(204).end();
    },
  },
  {
    method: 'GET',
    pattern: /^\/teams\/([^/]+)\/channels\/([^/]+)\/messages$/,
    handler: (ctx, [t, c]) => {
      const { team, channel } = channelOf(ctx, t, c);
      sendListPage(ctx, ctx.tenant.containers[channel.containerNo], (i) => render(ctx, team, channel, i), { fallbackTop: 20, maxTop: 50 });
    },
  },
  {
    method: 'POST',
    pattern: /^\/teams\/([^/]+)\/channels\/([^/]+)\/messages$/,
    handler: async (ctx, [t, c]) => {
      const { team, channel } = channelOf(ctx, t, c);
      const json = await readJson<{ body?: { contentType?: string; content?: string }; subject?: string; createdDateTime?: string; from?: { user?: { id?: string; displayName?: string } } }>(ctx);
      if (typeof json.body?.content !== 'string') throw badRequest('body.content is required.', 'BadRequest');
      const now = ctx.tenant.timeOf(ctx.tenant.seq + 1);
      const author = json.from?.user?.id ? { id: json.from.user.id, displayName: json.from.user.displayName ?? '' } : null;
      const record: ChatMessageRecord = {
        subject: json.subject ?? null,
        bodyType: json.body.contentType === 'html' ? 'html' : 'text',
        body: json.body.content,
        from: author,
        createdDateTime: json.createdDateTime ?? now,
        lastModifiedDateTime: now,
      };
      const index = ctx.tenant.addItem(ctx.tenant.containers[channel.containerNo], record);
      sendJson(ctx.res, 201, render(ctx, team, channel, index));
    },
  },
  {
    method: 'GET',
    pattern: /^\/teams\/([^/]+)\/channels\/([^/]+)\/messages\/([^/]+)$/,
    handler: (ctx, [t, c, m]) => {
      const { team, channel } = channelOf(ctx, t, c);
      const container = ctx.tenant.containers[channel.containerNo];
      const index = ctx.tenant.chatIndex(container, decode(m));
      if (index === null || !ctx.tenant.exists(container, index)) throw new HttpError(404, 'NotFound', 'Message not found.');
      sendJson(ctx.res, 200, select(ctx, render(ctx, team, channel, index)));
    },
  },
  {
    // The generated tenant has no threaded replies; replies are listed for an existing message only.
    method: 'GET',
    pattern: /^\/teams\/([^/]+)\/channels\/([^/]+)\/messages\/([^/]+)\/replies$/,
    handler: (ctx, [t, c, m]) => {
      const { channel } = channelOf(ctx, t, c);
      const container = ctx.tenant.containers[channel.containerNo];
      const index = ctx.tenant.chatIndex(container, decode(m));
      if (index === null || !ctx.tenant.exists(container, index)) throw new HttpError(404, 'NotFound', 'Message not found.');
      sendJson(ctx.res, 200, { '@odata.count': 0, value: [] });
    },
  },
];
