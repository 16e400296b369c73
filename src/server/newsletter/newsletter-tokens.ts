import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a confirmation link works. */
export const CONFIRMATION_LINK_LIFETIME_MS = 3 * 24 * 60 * 60 * 1000;

/** Longer than any token this module makes: anything longer is refused unread. */
const MAX_TOKEN_LENGTH = 300;

export type ConfirmClaim = { subscriptionId: string; nonce: string; expiresAt: number };
/** A personal gift download link: its row in gift_links (its downloads counted by its download meter) and its subscriber. */
export type GiftClaim = { linkId: string; subscriptionId: string; expiresAt: number };
/** A bought copy's download link (src/server/sales). */
export type PurchaseClaim = { orderId: string; expiresAt: number };
/** A `/library` sign-in link. */
export type LibraryClaim = { signInId: string; expiresAt: number };
/** An expired token still names what it was signed for (a used link can then be recognised). */
export type TokenCheck<T> =
  { ok: true; claim: T } | { ok: false; reason: 'invalid' } | { ok: false; reason: 'expired'; claim: T };

const SEPARATOR = '~';
const PART = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Signed newsletter links. A token is `base64url(fields).base64url(HMAC-SHA256)` over its
 * purpose and fields, keyed with the site's own secret: it names the subscription by its
 * random id (never the address), so nobody can make one from an email.
 */
export class NewsletterTokens {
  constructor(private readonly secret: Buffer) {}

  confirmToken(claim: ConfirmClaim): string {
    return this.sign('confirm', [claim.subscriptionId, claim.nonce, String(claim.expiresAt)]);
  }

  /** Does not expire: the links in every email sent must keep working. */
  unsubscribeToken(subscriptionId: string): string {
    return this.sign('unsubscribe', [subscriptionId]);
  }

  /**
   * The confirmation email's "this wasn't me" link: names the subscription (never the address)
   * and does not expire, like the unsubscribe link.
   */
  notMeToken(subscriptionId: string): string {
    return this.sign('not-me', [subscriptionId]);
  }

  checkNotMeToken(token: unknown): TokenCheck<{ subscriptionId: string }> {
    const fields = this.verify('not-me', token);
    if (!fields || fields.length !== 1) return { ok: false, reason: 'invalid' };
    return { ok: true, claim: { subscriptionId: fields[0]! } };
  }

  /** A preorder's cancel link (in its receipt): works until the preorder is gone. */
  preorderCancelToken(preorderId: string): string {
    return this.sign('preorder-cancel', [preorderId]);
  }

  checkPreorderCancelToken(token: unknown): TokenCheck<{ preorderId: string }> {
    const fields = this.verify('preorder-cancel', token);
    if (!fields || fields.length !== 1) return { ok: false, reason: 'invalid' };
    return { ok: true, claim: { preorderId: fields[0]! } };
  }

  /** The key of an issue's "view in browser" link: opens that issue's page even when it is not in the archive. */
  issueViewToken(issueId: string): string {
    return this.sign('view-issue', [issueId]);
  }

  isIssueViewToken(token: unknown, issueId: string): boolean {
    const fields = this.verify('view-issue', token);
    return fields !== null && fields.length === 1 && fields[0] === issueId;
  }

  checkConfirmToken(token: unknown, now: number): TokenCheck<ConfirmClaim> {
    const fields = this.verify('confirm', token);
    if (!fields || fields.length !== 3) return { ok: false, reason: 'invalid' };
    const [subscriptionId, nonce, expiry] = fields as [string, string, string];
    const expiresAt = Number(expiry);
    if (!Number.isSafeInteger(expiresAt)) return { ok: false, reason: 'invalid' };
    if (expiresAt <= now) return { ok: false, reason: 'expired', claim: { subscriptionId, nonce, expiresAt } };
    return { ok: true, claim: { subscriptionId, nonce, expiresAt } };
  }

  /** A tracked link's `/r/` token (src/server/analytics): ids only, never the target address. */
  redirectToken(fields: string[]): string {
    return this.sign('redirect', fields);
  }

  checkRedirectToken(token: unknown): string[] | null {
    return this.verify('redirect', token);
  }

  checkUnsubscribeToken(token: unknown): TokenCheck<{ subscriptionId: string }> {
    const fields = this.verify('unsubscribe', token);
    if (!fields || fields.length !== 1) return { ok: false, reason: 'invalid' };
    return { ok: true, claim: { subscriptionId: fields[0]! } };
  }

  /** The preferences page: like unsubscribing, it must keep working from every email sent. */
  preferencesToken(subscriptionId: string): string {
    return this.sign('preferences', [subscriptionId]);
  }

  checkPreferencesToken(token: unknown): TokenCheck<{ subscriptionId: string }> {
    const fields = this.verify('preferences', token);
    if (!fields || fields.length !== 1) return { ok: false, reason: 'invalid' };
    return { ok: true, claim: { subscriptionId: fields[0]! } };
  }

  giftToken(claim: GiftClaim): string {
    return this.sign('gift', [claim.linkId, claim.subscriptionId, String(claim.expiresAt)]);
  }

  /** An expired gift link still names its subscriber (the page offers to send a new one). */
  checkGiftToken(token: unknown, now: number): TokenCheck<GiftClaim> & { expiredClaim?: GiftClaim } {
    const fields = this.verify('gift', token);
    if (!fields || fields.length !== 3) return { ok: false, reason: 'invalid' };
    const [linkId, subscriptionId, expiry] = fields as [string, string, string];
    const expiresAt = Number(expiry);
    if (!Number.isSafeInteger(expiresAt)) return { ok: false, reason: 'invalid' };
    const claim = { linkId, subscriptionId, expiresAt };
    if (expiresAt <= now) return { ok: false, reason: 'expired', claim, expiredClaim: claim };
    return { ok: true, claim };
  }

  /** A buyer's download link (sales): names the order; refused once the order is refunded. */
  purchaseToken(claim: PurchaseClaim): string {
    return this.sign('purchase', [claim.orderId, String(claim.expiresAt)]);
  }

  checkPurchaseToken(token: unknown, now: number): TokenCheck<PurchaseClaim> {
    return this.checkExpiring('purchase', token, now, (orderId, expiresAt) => ({ orderId, expiresAt }));
  }

  /**
   * An ARC reader's page and download (src/server/arc): names the application, never the address. Does not
   * expire: the links in the selection email and reminders work while the reader is on the campaign.
   */
  arcToken(applicationId: string): string {
    return this.sign('arc', [applicationId]);
  }

  checkArcToken(token: unknown): TokenCheck<{ applicationId: string }> {
    const fields = this.verify('arc', token);
    if (!fields || fields.length !== 1) return { ok: false, reason: 'invalid' };
    return { ok: true, claim: { applicationId: fields[0]! } };
  }

  /** A `/library` sign-in link: names its sign-in row (which holds the address), never the address. */
  librarySignInToken(claim: LibraryClaim): string {
    return this.sign('library', [claim.signInId, String(claim.expiresAt)]);
  }

  checkLibrarySignInToken(token: unknown, now: number): TokenCheck<LibraryClaim> {
    return this.checkExpiring('library', token, now, (signInId, expiresAt) => ({ signInId, expiresAt }));
  }

  /** A comment sign-in link (src/server/comments): names its sign-in row, never the address. */
  commentSignInToken(claim: { signInId: string; expiresAt: number }): string {
    return this.sign('comment-sign-in', [claim.signInId, String(claim.expiresAt)]);
  }

  checkCommentSignInToken(token: unknown, now: number): TokenCheck<{ signInId: string; expiresAt: number }> {
    return this.checkExpiring('comment-sign-in', token, now, (signInId, expiresAt) => ({ signInId, expiresAt }));
  }

  /** A signed-in commenter's cookie: names the subscription until it expires. */
  commentSessionToken(claim: { subscriptionId: string; expiresAt: number }): string {
    return this.sign('comment-session', [claim.subscriptionId, String(claim.expiresAt)]);
  }

  checkCommentSessionToken(token: unknown, now: number): TokenCheck<{ subscriptionId: string; expiresAt: number }> {
    return this.checkExpiring('comment-session', token, now, (subscriptionId, expiresAt) => ({
      subscriptionId,
      expiresAt,
    }));
  }

  private checkExpiring<T>(
    purpose: string,
    token: unknown,
    now: number,
    claimOf: (id: string, expiresAt: number) => T,
  ): TokenCheck<T> {
    const fields = this.verify(purpose, token);
    if (!fields || fields.length !== 2) return { ok: false, reason: 'invalid' };
    const expiresAt = Number(fields[1]);
    if (!Number.isSafeInteger(expiresAt)) return { ok: false, reason: 'invalid' };
    const claim = claimOf(fields[0]!, expiresAt);
    return expiresAt <= now ? { ok: false, reason: 'expired', claim } : { ok: true, claim };
  }

  private signature(purpose: string, payload: string): Buffer {
    return createHmac('sha256', this.secret).update(`${purpose}\n${payload}`).digest();
  }

  private sign(purpose: string, fields: string[]): string {
    const payload = Buffer.from(fields.join(SEPARATOR)).toString('base64url');
    return `${payload}.${this.signature(purpose, payload).toString('base64url')}`;
  }

  /** The signed fields, or null for anything not signed by this site for this purpose. */
  private verify(purpose: string, token: unknown): string[] | null {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return null;
    // Compared as text: base64url decoding ignores stray bits, so two spellings could decode alike.
    const expected = Buffer.from(this.signature(purpose, payload).toString('base64url'));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const fields = Buffer.from(payload, 'base64url').toString('utf8').split(SEPARATOR);
    return fields.every((field) => PART.test(field)) ? fields : null;
  }
}
