import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NewsletterTokens } from './newsletter-tokens.js';

const tokens = new NewsletterTokens(randomBytes(32));
const claim = { subscriptionId: 'f3b0c1de-1234-4abc-9def-0123456789ab', nonce: 'n0nce_-x', expiresAt: 2_000 };

describe('NewsletterTokens', () => {
  it('round-trips a confirmation claim until it expires', () => {
    const token = tokens.confirmToken(claim);
    expect(tokens.checkConfirmToken(token, 1_999)).toEqual({ ok: true, claim });
    expect(tokens.checkConfirmToken(token, 2_000)).toEqual({ ok: false, reason: 'expired', claim });
  });

  it('keeps purposes apart: an unsubscribe token never confirms, nor the reverse', () => {
    const unsubscribe = tokens.unsubscribeToken(claim.subscriptionId);
    expect(tokens.checkUnsubscribeToken(unsubscribe)).toEqual({
      ok: true,
      claim: { subscriptionId: claim.subscriptionId },
    });
    expect(tokens.checkConfirmToken(unsubscribe, 0)).toEqual({ ok: false, reason: 'invalid' });
    expect(tokens.checkUnsubscribeToken(tokens.confirmToken(claim))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('keeps the "this wasn\'t me" token apart: it never unsubscribes or confirms, and they never block', () => {
    const notMe = tokens.notMeToken(claim.subscriptionId);
    expect(tokens.checkNotMeToken(notMe)).toEqual({ ok: true, claim: { subscriptionId: claim.subscriptionId } });
    expect(tokens.checkUnsubscribeToken(notMe)).toEqual({ ok: false, reason: 'invalid' });
    expect(tokens.checkConfirmToken(notMe, 0)).toEqual({ ok: false, reason: 'invalid' });
    expect(tokens.checkNotMeToken(tokens.unsubscribeToken(claim.subscriptionId))).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(tokens.checkNotMeToken(`${notMe}x`)).toEqual({ ok: false, reason: 'invalid' });
  });

  it("keeps a preorder's cancel token apart from the subscription tokens", () => {
    const cancel = tokens.preorderCancelToken(claim.subscriptionId);
    expect(tokens.checkPreorderCancelToken(cancel)).toEqual({ ok: true, claim: { preorderId: claim.subscriptionId } });
    expect(tokens.checkUnsubscribeToken(cancel)).toEqual({ ok: false, reason: 'invalid' });
    expect(tokens.checkPreorderCancelToken(tokens.unsubscribeToken(claim.subscriptionId))).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses every changed character, another key, and values that are not tokens', () => {
    const token = tokens.confirmToken(claim);
    for (let at = 0; at < token.length; at += 1) {
      const changed = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
      expect(tokens.checkConfirmToken(changed, 0).ok, changed).toBe(false);
    }
    expect(new NewsletterTokens(randomBytes(32)).checkConfirmToken(token, 0).ok).toBe(false);
    for (const value of [undefined, null, 42, ['a'], {}, '', '.', 'a.b.c', 'x'.repeat(10_000)])
      expect(tokens.checkConfirmToken(value, 0)).toEqual({ ok: false, reason: 'invalid' });
  });
});
