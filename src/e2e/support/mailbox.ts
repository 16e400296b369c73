import { afterAll, beforeAll } from 'vitest';
import { startSmtpInbox, type ReceivedEmail, type SmtpInbox } from '../../server/test-support/smtp-inbox.js';

export type Mailbox = {
  /** The site's mail settings: give them to useBrowserSite (SMTP_URL is filled in before the site starts). */
  readonly env: Record<string, string>;
  /** Everything the SMTP server received so far. */
  readonly inbox: SmtpInbox;
  /** The emails to `address` once there are at least `count` (waits up to 20 s). */
  mailTo(address: string, count: number): Promise<ReceivedEmail[]>;
  /** The first `<origin><pathname>?token=…` link in an email to `address` (waits for it up to 20 s). */
  linkTo(address: string, pathname: string): Promise<string>;
};

const findLink = (email: ReceivedEmail, pathname: string): string | undefined =>
  new RegExp(`https?://\\S+${pathname}\\?token=[\\w.~-]+`).exec(email.text)?.[0];

/** The `<origin><pathname>?token=…` link in this email; fails the test when it has none. */
export function linkIn(email: ReceivedEmail, pathname: string): string {
  const link = findLink(email, pathname);
  if (!link) throw new Error(`no ${pathname} link in:\n${email.text}`);
  return link;
}

async function waitFor<T>(find: () => T | undefined, failure: string): Promise<T> {
  for (let waited = 0; waited < 20_000; waited += 100) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(failure);
}

/**
 * A real SMTP server for the file's site (the site sends through it as in production): call it before
 * useBrowserSite, at the same level, so the server is listening when the site starts.
 */
export function useMailbox(): Mailbox {
  const env: Record<string, string> = { MAIL_FROM: 'Delphine Rook <news@example.com>' };
  let inbox: SmtpInbox | undefined;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    env.SMTP_URL = inbox.url;
  });
  afterAll(async () => {
    await inbox?.close();
  });
  const started = () => {
    if (!inbox) throw new Error('The mailbox starts in beforeAll: read it inside tests and hooks');
    return inbox;
  };
  return {
    env,
    get inbox() {
      return started();
    },
    mailTo: (address, count) =>
      waitFor(() => {
        const emails = started().to(address);
        return emails.length >= count ? emails : undefined;
      }, `fewer than ${count} emails to ${address}`),
    linkTo: (address, pathname) =>
      waitFor(
        () =>
          started()
            .to(address)
            .map((email) => findLink(email, pathname))
            .find(Boolean),
        `no ${pathname} link in the emails to ${address}`,
      ),
  };
}
