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
  renderRemoved: (index: number) => object,
  options: { fallbackTop: number; maxTop: number },
): void {
  const top = pageSize(ctx, options.fallbackTop, options.maxTop);
  const skip = ctx.url.searchParams.get('$skiptoken');
  const delta = ctx.url.searchParams.get('$deltatoken');
  let state: DeltaState;
  if (skip) state = decodeToken<DeltaState>(skip);
  else if (delta) {
    const { k, s, g } = decodeToken<{ k: number; s: number; g?: number }>(delta);
    state = { k, g, m: 'c', from: s, to: ctx.tenant.seq, c: 0 };
  } else state = { k: container.no, g: ctx.tenant.deltaGeneration, m: 'i', from: 0, to: ctx.tenant.seq, c: 0 };
  if (state.k !== container.no || !Number.isInteger(state.c) || state.c < 0 || (state.m !== 'i' && state.m !== 'c')) {
    throw badRequest('The delta token does not belong to this resource.', 'InvalidToken');
  }
  if ((state.g ?? 0) !== ctx.tenant.deltaGeneration) {
    // Graph answers 410 when it no longer has the sync state; the client must start a full round.
    throw new HttpError(410, container.kind === 'driveItem' ? 'resyncRequired' : 'SyncStateNotFound', 'The sync state is no longer available; start a new delta round without a token.');
  }
  const value: object[] = [];
  let nextCursor: number | null = null;
  if (state.m === 'i') {
    for (const index of liveIndices(ctx, container, state.c)) {
      if (value.length === top) {
        nextCursor = index;
        break;
      }
      const item = render(index);
      if (item) value.push(select(ctx, item));
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
      if (ctx.tenant.state(container, index).deleted) value.push(renderRemoved(index));
      else {
        const item = render(index);
        if (item) value.push(select(ctx, item));
      }
    }
  }
  const body: Record<string, unknown> = { value };
  if (nextCursor !== null) body['@odata.nextLink'] = linkWith(ctx, '$skiptoken', encodeToken({ ...state, c: nextCursor }));
  else body['@odata.deltaLink'] = linkWith(ctx, '$deltatoken', encodeToken({ k: container.no, g: state.g ?? 0, s: state.to }));
  sendJson(ctx.res, 200, body);
}
