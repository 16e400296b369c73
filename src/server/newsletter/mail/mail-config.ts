import { z } from 'zod';

export type MailSender = { name: string | null; address: string };

export type MailConfig = {
  /** The relay's connection URL (smtp:// or smtps://); null: every message is saved to DATA_DIR/outbox. */
  smtpUrl: string | null;
  from: MailSender;
};

/** Used only while no relay is configured: the outbox needs a sender, nobody receives from it. */
export const OUTBOX_SENDER: MailSender = { name: 'The Cinderwake Cycle', address: 'newsletter@localhost' };

const ADDRESS = /^[^\s@<>",;:()[\]\\]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/;
const NAMED_ADDRESS = /^(.*?)\s*<([^<>]*)>$/;

/** `Name <address>` or a bare address; null when it is neither (or could smuggle a header). */
function parseMailSender(value: string): MailSender | null {
  const trimmed = value.trim();
  if (/[\r\n\0]/.test(trimmed)) return null;
  const named = NAMED_ADDRESS.exec(trimmed);
  const name = named ? named[1]!.replace(/^"(.*)"$/, '$1').trim() : null;
  const address = (named ? named[2]! : trimmed).trim();
  if (!ADDRESS.test(address) || (name !== null && /[<>"]/.test(name))) return null;
  return { name: name || null, address };
}

/** SMTP_URL: an smtp:// or smtps:// URL with a host (user and password percent-encoded). */
export const smtpUrlSchema = z
  .string()
  .trim()
  .optional()
  .transform((value, context) => {
    if (!value) return null;
    const url = URL.canParse(value) ? new URL(value) : null;
    if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
      context.addIssue({ code: 'custom', message: 'must be smtp://user:pass@host:587 or smtps://user:pass@host:465' });
      return z.NEVER;
    }
    return url.href;
  });

/** MAIL_FROM: `Name <address>` or an address; required once SMTP_URL is set (checked with it). */
export const mailFromSchema = z
  .string()
  .optional()
  .transform((value, context) => {
    if (!value?.trim()) return null;
    const sender = parseMailSender(value);
    if (!sender) {
      context.addIssue({
        code: 'custom',
        message: 'must be an address or Name <address>, e.g. Delphine Rook <news@example.com>',
      });
      return z.NEVER;
    }
    return sender;
  });

/** "smtp.example.com:587", for logs: never the user or password. */
export function describeRelay(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}

const MAX_MAIL_RATE = 100_000;

/** MAIL_RATE: newsletter messages per minute (default 60); `unlimited` or 0: as fast as the relay takes them (null). */
export const mailRateSchema = z
  .string()
  .trim()
  .toLowerCase()
  .default('60')
  .transform((value, context) => {
    if (value === 'unlimited' || value === '0') return null;
    const rate = /^\d{1,6}$/.test(value) ? Number(value) : NaN;
    if (!(rate >= 1 && rate <= MAX_MAIL_RATE)) {
      context.addIssue({
        code: 'custom',
        message: `must be a number of messages per minute from 1 to ${MAX_MAIL_RATE}, or unlimited`,
      });
      return z.NEVER;
    }
    return rate;
  });

/** AUTHOR_EMAIL: the bare address that gets the author's notices (new contact message, new preorder). */
export const authorEmailSchema = z
  .string()
  .trim()
  .optional()
  .transform((value, context) => {
    if (!value) return null;
    if (!ADDRESS.test(value)) {
      context.addIssue({ code: 'custom', message: 'must be an email address, e.g. author@example.com' });
      return z.NEVER;
    }
    return value;
  });
