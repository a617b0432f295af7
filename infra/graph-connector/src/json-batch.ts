// Graph's JSON batching (Microsoft Learn, "Combine multiple HTTP requests using JSON batching"): up
// to 20 requests in one `POST /$batch`, with URLs relative to the version root and headers of their
// own. Graph answers each inner request on its own, so one that fails (throttled, gone) does not fail
// the others; the caller asks again alone for those, which honours Retry-After or throws the
// GraphError a single request would.

/** Graph's limit of requests in one batch. */
export const BATCH_LIMIT = 20;

export interface BatchStep {
  id: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
}

export interface BatchAnswer {
  id: string;
  status: number;
  body?: unknown;
}

/** Sends one `POST /$batch` and returns its `responses`. */
export type PostBatch = (requests: BatchStep[]) => Promise<BatchAnswer[]>;

/** A GET of a JSON resource: its URL relative to the version root, and headers of its own. */
export interface BatchGet {
  url: string;
  headers?: Record<string, string>;
}

/**
 * GETs of JSON resources, BATCH_LIMIT per batch: each one's body in order where Graph answered it
 * 200, null where it did not.
 */
export async function batchedGets(postBatch: PostBatch, gets: BatchGet[]): Promise<Array<unknown | null>> {
  const out: Array<unknown | null> = [];
  for (let start = 0; start < gets.length; start += BATCH_LIMIT) {
    const chunk = gets.slice(start, start + BATCH_LIMIT);
    const answers = await postBatch(chunk.map(({ url, headers }, index) => ({ id: String(index), method: 'GET', url, ...(headers ? { headers } : {}) })));
    const byId = new Map(answers.map((answer) => [answer.id, answer]));
    for (const index of chunk.keys()) {
      const answer = byId.get(String(index));
      out.push(answer && answer.status === 200 && answer.body && typeof answer.body === 'object' ? answer.body : null);
    }
  }
  return out;
}
