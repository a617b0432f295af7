// Fetching many small messages' MIME (`$value`) costs one round trip each. A JSON batch carries up
// to 20 of them in one (Microsoft Learn, "Combine multiple HTTP requests using JSON batching");
// Graph returns a non-JSON inner body base64-encoded, and answers each inner request on its own,
// so one message that fails (deleted meanwhile, throttled) does not fail the others.

/** Graph's limit of requests in one batch. */
export const BATCH_LIMIT = 20;

export interface BatchStep {
  id: string;
  method: string;
  url: string;
}

export interface BatchAnswer {
  id: string;
  status: number;
  body?: unknown;
}

/** Sends one `POST /$batch` and returns its `responses`. */
export type PostBatch = (requests: BatchStep[]) => Promise<BatchAnswer[]>;

/**
 * MIME of each message, in order. An inner failure is fetched again on its own (`single`), which
 * honours Retry-After or throws the GraphError a single request would.
 */
export async function batchedMessageMime(
  postBatch: PostBatch,
  userId: string,
  messageIds: string[],
  single: (messageId: string) => Promise<Uint8Array>,
): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for (let start = 0; start < messageIds.length; start += BATCH_LIMIT) {
    const ids = messageIds.slice(start, start + BATCH_LIMIT);
    const requests = ids.map((id, index) => ({ id: String(index), method: 'GET', url: `/users/${encodeURIComponent(userId)}/messages/${encodeURIComponent(id)}/$value` }));
    const responses = await postBatch(requests);
    const byId = new Map(responses.map((r) => [r.id, r]));
    for (const [index, id] of ids.entries()) {
      const answer = byId.get(String(index));
      // A Buffer is a Uint8Array: the decoded bytes are handed on without another copy.
      out.push(answer && answer.status === 200 && typeof answer.body === 'string' ? Buffer.from(answer.body, 'base64') : await single(id));
    }
  }
  return out;
}
