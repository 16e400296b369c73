import { COMMENT_SIGN_IN_LIFETIME_MINUTES, COMMENT_SIGN_IN_PATH } from '../../domain/comments.js';
import type { AppDatabase } from '../db/connection.js';
import {
  EmailButton,
  EmailLayout,
  EmailLink,
  FinePrint,
  Paragraph,
  renderEmail,
} from '../newsletter/mail/email-layout.js';
import { messageIdFor, type Mailer } from '../newsletter/mail/mailer.js';

import type { NewsletterTokens } from '../newsletter/newsletter-tokens.js';
import type { ClaimedMessage } from '../newsletter/send-queue/mail-queue-repository.js';
import { linkWithToken } from '../newsletter/unsubscribe-links.js';
import { findCommentSignIn } from './comment-readers-repository.js';

/** The message the send queue hands the mailer (as queued-messages.ts builds them). */
type QueuedEmail = Parameters<Mailer['send']>[0];

function CommentSignInEmail({ url }: { url: string }) {
  return (
    <EmailLayout
      preview="Your link to sign in and comment."
      heading="Sign in to comment"
      footer={<FinePrint>If you did not ask for this, ignore this email: nothing happens without the link.</FinePrint>}
    >
      <Paragraph>
        Here is your sign-in link. It works for {COMMENT_SIGN_IN_LIFETIME_MINUTES} minutes and brings you back to the
        page you were reading.
      </Paragraph>
      <EmailButton href={url}>Sign in and comment</EmailButton>
      <FinePrint>
        Or open this link: <EmailLink href={url}>{url}</EmailLink>
      </FinePrint>
    </EmailLayout>
  );
}

/** The send queue's `comment-sign-in` message: the link of its sign-in row, valid an hour from the request. */
export async function commentSignInEmail(
  db: AppDatabase,
  tokens: NewsletterTokens,
  message: ClaimedMessage,
  from: Mailer['from'],
): Promise<QueuedEmail | null> {
  const signIn = await findCommentSignIn(db, message.recipientId);
  if (!signIn) return null;
  const expiresAt = Date.parse(signIn.createdAt) + COMMENT_SIGN_IN_LIFETIME_MINUTES * 60_000;
  const url = linkWithToken(
    message.siteOrigin,
    COMMENT_SIGN_IN_PATH,
    tokens.commentSignInToken({ signInId: signIn.id, expiresAt }),
  );
  return {
    to: message.email,
    subject: 'Your sign-in link to comment',
    ...(await renderEmail(<CommentSignInEmail url={url} />)),
    transactional: true,
    messageId: messageIdFor(from, `comment-sign-in.${signIn.id}`),
  };
}
