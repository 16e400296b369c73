import { HttpError } from '../site/http/http-error.js';

/** A file the import will not take (wrong kind, malicious, truncated, too large): an HttpError (4xx), nothing written. */
export class ImportRefused extends HttpError {
  constructor(message: string, statusCode = 400) {
    super(statusCode, message);
    this.name = 'ImportRefused';
  }
}
