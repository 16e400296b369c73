import { PREORDER_FORMAT_LABELS, type ContactSubmission, type Preorder } from '../../../domain/submissions.js';
import { EmailButton, EmailLayout, FinePrint, Paragraph, renderEmail, type RenderedEmail } from './email-layout.js';

const adminUrl = (siteOrigin: string) => new URL('/admin', siteOrigin).href;

function NoticeFooter({ siteOrigin }: { siteOrigin: string }) {
  return (
    <FinePrint>
      A notice of your site to its author. Turn these off in the admin: Settings → Mail ({adminUrl(siteOrigin)}).
    </FinePrint>
  );
}

export function renderContactNotice(
  submission: Pick<ContactSubmission, 'name' | 'email' | 'message'>,
  siteOrigin: string,
): Promise<RenderedEmail> {
  return renderEmail(
    <EmailLayout
      preview={`${submission.name} wrote through the contact form.`}
      heading="A new message"
      footer={<NoticeFooter siteOrigin={siteOrigin} />}
    >
      <Paragraph>
        From {submission.name} &lt;{submission.email}&gt; (reply to this email to answer):
      </Paragraph>
      {submission.message.split(/\r?\n/).map((line, index) => (
        <Paragraph key={index}>{line || '\u00a0'}</Paragraph>
      ))}
      <EmailButton href={adminUrl(siteOrigin)}>Open the admin</EmailButton>
    </EmailLayout>,
  );
}

export function renderPreorderReceivedNotice(preorder: Preorder, siteOrigin: string): Promise<RenderedEmail> {
  const format = PREORDER_FORMAT_LABELS[preorder.preferredFormat];
  return renderEmail(
    <EmailLayout
      preview={`${preorder.customerName} preordered ${preorder.bookTitle}.`}
      heading="A new preorder"
      footer={<NoticeFooter siteOrigin={siteOrigin} />}
    >
      <Paragraph>
        {preorder.customerName} &lt;{preorder.customerEmail}&gt; preordered {preorder.bookTitle} ({format}).
      </Paragraph>
      {preorder.phoneNumber && <Paragraph>Phone: {preorder.phoneNumber}</Paragraph>}
      {preorder.specialRequests && <Paragraph>Special requests: {preorder.specialRequests}</Paragraph>}
      <EmailButton href={adminUrl(siteOrigin)}>Open the admin</EmailButton>
    </EmailLayout>,
  );
}

/** A reader's comment held for approval (src/server/comments). */
export function renderCommentHeldNotice(
  comment: { authorName: string; targetTitle: string; body: string },
  siteOrigin: string,
): Promise<RenderedEmail> {
  return renderEmail(
    <EmailLayout
      preview={`${comment.authorName} commented on ${comment.targetTitle}.`}
      heading="A comment waits for you"
      footer={<NoticeFooter siteOrigin={siteOrigin} />}
    >
      <Paragraph>
        {comment.authorName} commented on {comment.targetTitle}; it is held until you approve it (Comments in the
        admin):
      </Paragraph>
      {comment.body.split(/\r?\n/).map((line, index) => (
        <Paragraph key={index}>{line || '\u00a0'}</Paragraph>
      ))}
      <EmailButton href={adminUrl(siteOrigin)}>Open the admin</EmailButton>
    </EmailLayout>,
  );
}
