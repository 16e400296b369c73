import { generateDkimKeyInputSchema, senderCheckInputSchema } from '../../domain/sender-check.schema.js';
import { dkimDnsRecord, dkimPublicKey } from './dkim-keys.js';
import type { DkimSigning } from '../newsletter/mail/mailer.js';
import { adminProcedure, router } from '../trpc/trpc.js';

/** The key as the admin sees it: where it is published and the record, never the private key. */
function dkimKeyView(key: DkimSigning | null, fromDomain: string) {
  if (!key) return { configured: false as const, selector: null, domain: fromDomain, record: null };
  return { configured: true as const, selector: key.keySelector, domain: key.domainName, record: dkimDnsRecord(key) };
}

/** Settings → Mail: the DKIM key generator and the SPF/DKIM/DMARC check of MAIL_FROM's domain. */
export const senderCheckRouter = router({
  dkimKey: adminProcedure.query(async ({ ctx }) =>
    dkimKeyView(await ctx.mailing.dkimKeys.current(), ctx.senderCheck.domain),
  ),
  /** A new RSA 2048 key (replacing any earlier one); every message is signed with it from now on. */
  generateDkimKey: adminProcedure.input(generateDkimKeyInputSchema).mutation(async ({ ctx, input }) => {
    const key = await ctx.mailing.dkimKeys.generate(input.selector, input.domain);
    ctx.senderCheck.forget();
    return dkimKeyView(key, ctx.senderCheck.domain);
  }),
  check: adminProcedure.input(senderCheckInputSchema).query(async ({ ctx, input }) => {
    const key = await ctx.mailing.dkimKeys.current();
    const site = key
      ? { selector: key.keySelector, domain: key.domainName, publicKey: dkimPublicKey(key.privateKey) }
      : null;
    return ctx.senderCheck.check(site, input.fresh);
  }),
});
