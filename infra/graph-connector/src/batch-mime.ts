import { BATCH_LIMIT, type PostBatch } from './json-batch';

// Fetching many small messages' MIME (`$value`) costs one round trip each. A JSON batch carries up
// to 20 of them in one (json-batch.ts); Graph returns a non-JSON inner body base64-encoded.

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
