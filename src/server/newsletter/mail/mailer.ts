import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type nodemailerModule from 'nodemailer';
import { lazyModule } from '../../lazy-module.js';
import type { MailConfig, MailSender } from './mail-config.js';

type OutgoingEmail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /** A fixed Message-ID (e.g. one per issue and recipient); a random one otherwise. */
  messageId?: string;
  replyTo?: string;
  /** The envelope's MAIL FROM (where bounces go, e.g. a VERP address); MAIL_FROM's address otherwise. */
  returnPath?: string;
  /** Signs the message with this DKIM key. */
  dkim?: DkimSigning;
  /**
   * A purchase's own mail (its download link, a library sign-in): it goes to an address suppressed
   * for marketing (unsubscribed, complaint, by hand), never to one that bounced.
   */
  transactional?: boolean;
};

/** nodemailer's DKIM options: the key and where its public half is published. */
export type DkimSigning = { domainName: string; keySelector: string; privateKey: string };

type SentEmail = { messageId: string; /** The .eml file, when saved to the outbox. */ savedTo: string | null };

export type MailLog = { info: (fields: object, message: string) => void };

export type Mailer = {
  /** 'outbox' while no SMTP_URL is set: messages are saved as .eml files instead of sent. */
  readonly delivery: 'smtp' | 'outbox';
  readonly from: MailSender;
  send: (email: OutgoingEmail) => Promise<SentEmail>;
  close: () => void;
};

/** A slow or silent relay fails the send instead of holding it forever. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** Connections a pooled mailer (the send queue's) keeps open to the relay. */
export const POOL_CONNECTIONS = 4;

export type MailerOptions = {
  /** Keep up to POOL_CONNECTIONS connections open and reuse them (for bulk sends). */
  pool?: boolean;
};

export const OUTBOX_FOLDER_NAME = 'outbox';

const loadNodemailer = lazyModule<typeof nodemailerModule>('nodemailer');

function formatSender(sender: MailSender): string | { name: string; address: string } {
  return sender.name ? { name: sender.name, address: sender.address } : sender.address;
}

/** A Message-ID in the sender's domain, so replies and bounces thread under it. */
export function messageIdFor(sender: MailSender, localPart: string = randomUUID()): string {
  return `<${localPart}@${sender.address.split('@')[1] ?? 'localhost'}>`;
}

/**
 * Sends through the SMTP relay of SMTP_URL, or, with none, writes each message as a standard
 * .eml file into DATA_DIR/outbox (private to the service user) and logs where.
 */
export function createMailer(
  config: MailConfig,
  dataDir: string,
  log: () => MailLog,
  options: MailerOptions = {},
): Mailer {
  const outboxDir = path.join(dataDir, OUTBOX_FOLDER_NAME);
  const pool = options.pool ? { pool: true, maxConnections: POOL_CONNECTIONS, maxMessages: Infinity } : {};
  // Made on the first message: a server that sends nothing never loads nodemailer.
  let madeTransport: ReturnType<typeof nodemailerModule.createTransport> | undefined;
  const transport = () =>
    (madeTransport ??= config.smtpUrl
      ? loadNodemailer().createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS, ...pool })
      : loadNodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'windows' }));
  const delivery = config.smtpUrl ? 'smtp' : 'outbox';

  async function saveToOutbox(message: Buffer, messageId: string): Promise<string> {
    await mkdir(outboxDir, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(outboxDir, `${stamp}-${messageId.slice(1, 9)}.eml`);
    await writeFile(file, message, { mode: 0o600, flag: 'wx' });
    return file;
  }

  return {
    delivery,
    from: config.from,
    async send(email) {
      const messageId = email.messageId ?? messageIdFor(config.from);
      const info = await transport().sendMail({
        from: formatSender(config.from),
        to: email.to,
        ...(email.replyTo ? { replyTo: email.replyTo } : {}),
        subject: email.subject,
        html: email.html,
        text: email.text,
        headers: email.headers,
        messageId,
        ...(email.returnPath ? { envelope: { from: email.returnPath, to: email.to } } : {}),
        ...(email.dkim ? { dkim: email.dkim } : {}),
      });
      if (delivery === 'smtp') {
        log().info({ messageId, to: email.to }, 'mail sent');
        return { messageId, savedTo: null };
      }
      const savedTo = await saveToOutbox(info.message as Buffer, messageId);
      log().info({ messageId, to: email.to, file: savedTo }, 'mail is not configured: message saved to the outbox');
      return { messageId, savedTo };
    },
    close: () => madeTransport?.close(),
  };
}
