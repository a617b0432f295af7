// A typed error so the route boundary can name the remote and offer Retry, whatever the
// underlying cause (refused by policy, entry 404/500, SRI mismatch, expose missing).
export class RemoteLoadError extends Error {
  readonly remoteName: string;
  readonly moduleId: string;

  constructor(remoteName: string, moduleId: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RemoteLoadError';
    this.remoteName = remoteName;
    this.moduleId = moduleId;
  }
}

export const isRemoteLoadError = (error: unknown): error is RemoteLoadError => error instanceof RemoteLoadError;
