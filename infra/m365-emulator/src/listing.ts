import { HttpError, badRequest, decodeToken, encodeToken, linkWith, pageSize, select, sendJson, type Ctx, type OverMax } from './http-kit';
import type { Container } from './tenant';

// Paging and delta over a container. Indices are the cursor, so a page costs the same at the
// start and at the end of a million-item container and nothing is kept between requests.

type Render = (index: number) => object | null;

interface SkipToken {
  c: number;
}

/** One page of live items, following `$skiptoken`; `indices` overrides plain index order (drive children). */
export function sendListPage(
  ctx: Ctx,
  container: Container,
  render: Render,
  options: { fallbackTop: number; maxTop: number; overMax?: OverMax; indices?: (start: number) => Iterable<number> },
): void {
  const top = pageSize(ctx, options.fallbackTop, options.maxTop, options.overMax);
  const skip = ctx.url.searchParams.get('$skiptoken');
  const start = skip ? decodeToken<SkipToken>(skip).c : 0;
  if (!Number.isInteger(start) || start < 0) throw badRequest('The skip token is malformed.', 'InvalidToken');
  const value: object[] = [];
  let nextStart: number | null = null;
  const live = options.indices ? options.indices(start) : liveIndices(ctx, container, start);
  for (const index of live) {
    if (value.length === top) {
      nextStart = index;
      break;
    }
    const item = render(index);
    if (item) value.push(select(ctx, item));
  }
  const body: Record<string, unknown> = { value };
  if (nextStart !== null) body['@odata.nextLink'] = linkWith(ctx, '$skiptoken', encodeToken({ c: nextStart }));
  sendJson(ctx.res, 200, body);
}

function* liveIndices(ctx: Ctx, container: Container, start: number): Generator<number> {
  for (let index = start; index < container.count; index++) if (ctx.tenant.exists(container, index)) yield index;
}

/** Sends a plain array (small collections) with the same paging contract. */
export function sendArrayPage(ctx: Ctx, items: object[], fallbackTop: number, maxTop: number, overMax?: OverMax): void {
  const top = pageSize(ctx, fallbackTop, maxTop, overMax);
  const skip = ctx.url.searchParams.get('$skiptoken');
  const start = skip ? decodeToken<SkipToken>(skip).c : 0;
  const value = items.slice(start, start + top).map((item) => select(ctx, item));
  const body: Record<string, unknown> = { value };
  if (start + top < items.length) body['@odata.nextLink'] = linkWith(ctx, '$skiptoken', encodeToken({ c: start + top }));
  sendJson(ctx.res, 200, body);
}

interface DeltaState {
  /** Container the token belongs to. */
  k: number;
  /** Delta generation the token was issued in. */
  g?: number;
  /** 'i' initial round (everything live), 'c' changes in (from, to]. */
  m: 'i' | 'c';
  from: number;
  to: number;
  c: number;
  /** Query parameters of the round's first request that the token carries (calendarView's window). */
  p?: Record<string, string>;
}

export interface DeltaOptions {
  fallbackTop: number;
  maxTop: number;
  /**
   * Whether an item belongs to the tracked collection (a calendar view's window, a channel's last eight
   * months); `initial` tells the first round from later ones. Out of view in the first round: left out;
   * out of view when changed: reported through `renderRemoved`, as Graph reports events leaving a view.
   */
  inView?: (index: number, initial: boolean) => boolean;
  /** Parameters fixed by the round's first request; carried in the tokens and left out of the links. */
  params?: Record<string, string>;
  /** False where Graph ignores `$select` on delta (calendarView returns its usual properties). */
  select?: boolean;
}

/** The parameters a skip or delta token of this request carries, if it has one (see DeltaOptions.params). */
export function tokenParams(ctx: Ctx): Record<string, string> | undefined {
  const token = ctx.url.searchParams.get('$skiptoken') ?? ctx.url.searchParams.get('$deltatoken');
  return token ? decodeToken<{ p?: Record<string, string> }>(token).p : undefined;
}

/** nextLink/deltaLink: the request's URL with the token set and the round's fixed parameters dropped. */
function deltaLinkWith(ctx: Ctx, name: '$skiptoken' | '$deltatoken', token: string, drop: string[]): string {
  const url = new URL(linkWith(ctx, name, token));
  for (const key of drop) url.searchParams.delete(key);
  return url.toString().replace(/%24/g, '$');
}

function checkState(ctx: Ctx, container: Container, state: { k: number; g?: number }): void {
  if (state.k !== container.no) throw badRequest('The delta token does not belong to this resource.', 'InvalidToken');
  if ((state.g ?? 0) !== ctx.tenant.deltaGeneration) {
    // Graph answers 410 when it no longer has the sync state; the client must start a full round.
    throw new HttpError(410, container.kind === 'driveItem' ? 'resyncRequired' : 'SyncStateNotFound', 'The sync state is no longer available; start a new delta round without a token.');
  }
}

/**
 * Graph delta semantics: without a token a full round; pages chained by $skiptoken; the last page
 * carries a deltaLink whose $deltatoken is the change sequence at the start of the round, so
 * anything that changed while the round ran is reported again next time (never lost).
 */
export function sendDeltaPage(
  ctx: Ctx,
  container: Container,
  render: Render,
  renderRemoved: (index: number) => object | null,
  options: DeltaOptions,
): void {
  const top = pageSize(ctx, options.fallbackTop, options.maxTop);
  const skip = ctx.url.searchParams.get('$skiptoken');
  const delta = ctx.url.searchParams.get('$deltatoken');
  let state: DeltaState;
  if (skip) state = decodeToken<DeltaState>(skip);
  else if (delta) {
    const { k, s, g, p } = decodeToken<{ k: number; s: number; g?: number; p?: Record<string, string> }>(delta);
    state = { k, g, m: 'c', from: s, to: ctx.tenant.seq, c: 0, p };
  } else state = { k: container.no, g: ctx.tenant.deltaGeneration, m: 'i', from: 0, to: ctx.tenant.seq, c: 0, p: options.params };
  if (!Number.isInteger(state.c) || state.c < 0 || (state.m !== 'i' && state.m !== 'c')) throw badRequest('The delta token does not belong to this resource.', 'InvalidToken');
  checkState(ctx, container, state);
  const inView = options.inView ?? (() => true);
  const shown = (item: object) => (options.select === false ? item : select(ctx, item));
  const value: object[] = [];
  let nextCursor: number | null = null;
  if (state.m === 'i') {
    for (const index of liveIndices(ctx, container, state.c)) {
      if (!inView(index, true)) continue;
      if (value.length === top) {
        nextCursor = index;
        break;
      }
      const item = render(index);
      if (item) value.push(shown(item));
    }
  } else {
    const changed: number[] = [];
    for (const [index, itemState] of container.overlay) {
      if (index >= state.c && itemState.seq > state.from && itemState.seq <= state.to) changed.push(index);
    }
    changed.sort((a, b) => a - b);
    for (const index of changed) {
      if (value.length === top) {
        nextCursor = index;
        break;
      }
      const removed = ctx.tenant.state(container, index).deleted || !inView(index, false);
      const item = removed ? renderRemoved(index) : render(index);
      if (item) value.push(removed ? item : shown(item));
    }
  }
  const drop = Object.keys(state.p ?? {});
  const body: Record<string, unknown> = { value };
  if (nextCursor !== null) body['@odata.nextLink'] = deltaLinkWith(ctx, '$skiptoken', encodeToken({ ...state, c: nextCursor }), drop);
  else body['@odata.deltaLink'] = deltaLinkWith(ctx, '$deltatoken', encodeToken({ k: container.no, g: state.g ?? 0, s: state.to, ...(state.p ? { p: state.p } : {}) }), drop);
  sendJson(ctx.res, 200, body);
}

/**
 * `token=latest` (drive delta): Graph returns no items and a deltaLink for the current state, so a
 * client can track changes from now on without enumerating the drive first.
 */
export function sendLatestDeltaLink(ctx: Ctx, container: Container): void {
  const token = encodeToken({ k: container.no, g: ctx.tenant.deltaGeneration, s: ctx.tenant.seq });
  sendJson(ctx.res, 200, { value: [], '@odata.deltaLink': deltaLinkWith(ctx, '$deltatoken', token, ['token']) });
}
