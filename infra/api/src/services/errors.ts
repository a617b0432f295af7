/** An error whose message is safe to show: the error handler answers it as `{ errorMessage }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = () => new HttpError(404, 'Not found');
export const forbidden = () => new HttpError(403, 'Forbidden');
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
