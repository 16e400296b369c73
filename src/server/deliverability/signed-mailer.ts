import type { AppDatabase } from '../db/connection.js';
import type { Mailer } from '../newsletter/mail/mailer.js';
import type { BounceConfig } from './bounce-config.js';
import type { DkimKeys } from './dkim-keys.js';
import { createReturnPath, verpAddress } from './return-paths.js';
import { messageIdFor } from '../newsletter/mail/mailer.js';

type Identity = { db: AppDatabase; dkimKeys: DkimKeys; bounces: BounceConfig };

/**
 * Gives each message what lets receivers trust it and lets its bounces find their way back: the
 * site's DKIM signature (once a key is generated) and, while the bounce intake runs, a VERP return
 * path `bounces+<token>@` whose token records the recipient and Message-ID.
 */
export function withSendingIdentity(mailer: Mailer, { db, dkimKeys, bounces }: Identity): Mailer {
  return {
    delivery: mailer.delivery,
    from: mailer.from,
    close: () => mailer.close(),
    async send(email) {
      const dkim = (await dkimKeys.current()) ?? undefined;
      if (bounces.smtpPort === null) return mailer.send({ ...email, dkim });
      const messageId = email.messageId ?? messageIdFor(mailer.from);
      const token = await createReturnPath(db, email.to, messageId);
      return mailer.send({ ...email, messageId, dkim, returnPath: verpAddress(bounces.address, token) });
    },
  };
}
