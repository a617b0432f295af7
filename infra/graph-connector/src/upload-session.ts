import { GraphError } from './graph-error';
import { UPLOAD_CHUNK_UNIT } from './constants';
import type { GraphDriveItem, RequestOptions, UploadOptions, UploadSource } from './types';

interface Transport {
  request<T>(method: string, pathOrUrl: string, options?: RequestOptions): Promise<T>;
  requestRaw(method: string, pathOrUrl: string, options?: RequestOptions): Promise<Response>;
}

interface UploadJob {
  driveId: string;
  parentItemId: string;
  fileName: string;
  content: UploadSource;
  options: UploadOptions;
}

const DEFAULT_CHUNK = 10 * UPLOAD_CHUNK_UNIT;

/** Re-slices any chunking of the source into fixed-size pieces (the last may be shorter). */
async function* fixedChunks(content: UploadSource, chunkSize: number): AsyncIterable<Uint8Array> {
  if (content instanceof Uint8Array) {
    for (let offset = 0; offset < content.length; offset += chunkSize) yield content.subarray(offset, offset + chunkSize);
    return;
  }
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of content.chunks as AsyncIterable<Uint8Array>) {
    pending.push(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
    pendingBytes += piece.byteLength;
    while (pendingBytes >= chunkSize) {
      const all = Buffer.concat(pending);
      yield all.subarray(0, chunkSize);
      const rest = all.subarray(chunkSize);
      pending = rest.length ? [rest] : [];
      pendingBytes = rest.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

// Large-file upload as Graph documents it: createUploadSession, then PUT byte ranges to the
// pre-authenticated uploadUrl (without the bearer token) until the final range returns the driveItem.
export async function uploadInSession(transport: Transport, job: UploadJob): Promise<GraphDriveItem> {
  const size = job.content instanceof Uint8Array ? job.content.length : job.content.size;
  const unitCount = Math.max(1, Math.floor((job.options.chunkSize ?? DEFAULT_CHUNK) / UPLOAD_CHUNK_UNIT));
  const chunkSize = unitCount * UPLOAD_CHUNK_UNIT;
  const session = await transport.request<{ uploadUrl: string }>(
    'POST',
    `/drives/${encodeURIComponent(job.driveId)}/items/${encodeURIComponent(job.parentItemId)}:/${encodeURIComponent(job.fileName)}:/createUploadSession`,
    {
      body: {
        item: {
          '@microsoft.graph.conflictBehavior': job.options.conflictBehavior ?? 'replace',
          name: job.fileName,
          ...(job.options.fileSystemInfo ? { fileSystemInfo: job.options.fileSystemInfo } : {}),
        },
      },
    },
  );
  let offset = 0;
  try {
    for await (const chunk of fixedChunks(job.content, chunkSize)) {
      const end = offset + chunk.length - 1;
      if (end >= size) throw new GraphError({ status: 0, code: 'UploadSizeMismatch', message: `Upload source exceeds the announced ${size} bytes` });
      // A short piece is the source's last one; sending it as a middle range would only earn a 400.
      if (chunk.length < chunkSize && end !== size - 1) {
        throw new GraphError({ status: 0, code: 'UploadSizeMismatch', message: `Upload source ended at ${end + 1} of ${size} bytes` });
      }
      const response = await transport.requestRaw('PUT', session.uploadUrl, {
        anonymous: true,
        body: chunk,
        headers: { 'content-type': 'application/octet-stream', 'content-range': `bytes ${offset}-${end}/${size}` },
      });
      offset = end + 1;
      if (response.status === 200 || response.status === 201) {
        if (offset !== size) throw new GraphError({ status: response.status, code: 'UploadSizeMismatch', message: `Upload completed at ${offset} of ${size} bytes` });
        return (await response.json()) as GraphDriveItem;
      }
      await response.body?.cancel();
    }
    throw new GraphError({ status: 0, code: 'UploadSizeMismatch', message: `Upload source ended at ${offset} of ${size} bytes` });
  } catch (error) {
    // Leave no half-written session behind; the caller may retry from scratch.
    await transport.requestRaw('DELETE', session.uploadUrl, { anonymous: true }).catch(() => undefined);
    throw error;
  }
}
