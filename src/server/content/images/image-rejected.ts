import { HttpError } from '../../site/http/http-error.js';

/**
 * An image the site will not take (too large, damaged, not a kind it reads), with its HTTP status: an
 * HttpError, so the upload route's answer and the site's error handler (errors.ts) send it as they are.
 */
export class ImageRejectedError extends HttpError {
  constructor(
    override readonly statusCode: 400 | 413 | 415,
    message: string,
  ) {
    super(statusCode, message);
    this.name = 'ImageRejectedError';
  }
}
