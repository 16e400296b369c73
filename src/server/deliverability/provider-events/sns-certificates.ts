/** Certificates kept (SNS signs with one per region, changed every few years). */
const CERTIFICATES_KEPT = 16;
/** Fetches of certificates not kept, at most, per window: every one after a forged post is one of these. */
export const NEW_CERTIFICATE_FETCHES = 10;
const FETCH_WINDOW_MS = 60 * 60_000;
/** URLs whose fetch failed, remembered so a flood naming them fetches them once. */
const FAILURES_KEPT = 256;
const FAILURE_KEEP_MS = 10 * 60_000;

/**
 * SNS signing certificates by URL, each fetched once while kept: a bounded cache (the least recently
 * used goes first; only certificates that were fetched stay), one fetch at a time per URL (parallel
 * posts wait for the same one), a failed URL not fetched again for 10 minutes, and at most NEW_CERTIFICATE_FETCHES fetches of new URLs an hour, so
 * forged posts naming ever new certificate URLs cost the site at most that many requests to AWS. The
 * URL is checked (sns.ts `isSnsCertificateUrl`) before it gets here.
 */
export class SnsCertificates {
  private readonly kept = new Map<string, Promise<string>>();
  private readonly failed = new Map<string, number>();
  private windowStart = 0;
  private fetchesInWindow = 0;

  constructor(
    private readonly fetchPem: (url: string) => Promise<string>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The certificate at `url`; rejects when it cannot be fetched or the hour's new fetches are spent. */
  get(url: string): Promise<string> {
    const pem = this.kept.get(url);
    if (pem) {
      // Most recently used last: the map's first key is the one to drop.
      this.kept.delete(url);
      this.kept.set(url, pem);
      return pem;
    }
    const now = this.now();
    const failedAt = this.failed.get(url);
    if (failedAt !== undefined && now - failedAt < FAILURE_KEEP_MS)
      return Promise.reject(new Error('The signing certificate could not be fetched a moment ago'));
    if (now - this.windowStart >= FETCH_WINDOW_MS) {
      this.windowStart = now;
      this.fetchesInWindow = 0;
    }
    if (this.fetchesInWindow >= NEW_CERTIFICATE_FETCHES)
      return Promise.reject(new Error('Too many new signing certificates: try again later'));
    this.fetchesInWindow++;
    const fetched = this.fetchPem(url);
    this.kept.set(url, fetched);
    fetched.catch(() => {
      if (this.kept.get(url) === fetched) this.kept.delete(url);
      this.failed.delete(url);
      this.failed.set(url, this.now());
      if (this.failed.size > FAILURES_KEPT) this.failed.delete(this.failed.keys().next().value!);
    });
    if (this.kept.size > CERTIFICATES_KEPT) this.kept.delete(this.kept.keys().next().value!);
    return fetched;
  }
}
