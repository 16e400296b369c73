/**
 * A client's mistake with its HTTP status (4xx): the site's error handler (errors.ts) and the upload
 * routes' own answer `{ error: message }` with it (and `problems`, the list a refused file was checked
 * against, when there is one). The one error type that carries a status: the site's refusals that
 * have a name of their own extend it (RetryLater, ImportRefused, ImageRejectedError). Thrown by routes
 * and the work they run, never by queries.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly problems?: string[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
