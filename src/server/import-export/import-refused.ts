/** A file the import will not take (wrong kind, malicious, truncated, too large): a 4xx, nothing written. */
export class ImportRefused extends Error {
  constructor(
    message: string,
    readonly statusCode = 400,
  ) {
    super(message);
  }
}
