import { ARC_DISCLOSURE, ARC_HONEST_REVIEWS } from '../../domain/arc.js';
import {
  EmailButton,
  EmailLayout,
  EmailLink,
  FinePrint,
  Paragraph,
  renderEmail,
  type RenderedEmail,
} from '../newsletter/mail/email-layout.js';

/** The four ARC emails: chosen (with the copy), a reminder after the download, one before the deadline, thanks. */
export type ArcEmailKind = 'selected' | 'download-reminder' | 'deadline-reminder' | 'thanks';

export type ArcEmailContent = {
  kind: ArcEmailKind;
  title: string;
  name: string;
  reviewBy: string;
  promise: string;
  downloadUrl: string;
  reviewUrl: string;
};

export function arcSubject(kind: ArcEmailKind, title: string): string {
  switch (kind) {
    case 'selected':
      return `You're on the ARC team for ${title}: your advance copy`;
    case 'download-reminder':
      return `How is ${title} going?`;
    case 'deadline-reminder':
      return `${title} comes out soon: your review link`;
    case 'thanks':
      return `Thank you for reviewing ${title}`;
  }
}

function Body({ email }: { email: ArcEmailContent }) {
  const reviewPage = <EmailLink href={email.reviewUrl}>your ARC page</EmailLink>;
  switch (email.kind) {
    case 'selected':
      return (
        <>
          <Paragraph>
            You are one of the readers chosen for an advance copy of {email.title}. It is made for you alone: your name
            is on its first page, so please do not share it.
          </Paragraph>
          <EmailButton href={email.downloadUrl}>Download {email.title}</EmailButton>
          <Paragraph>
            Review window: until {email.reviewBy}. {ARC_HONEST_REVIEWS}
          </Paragraph>
          <Paragraph>What you promised: {email.promise}</Paragraph>
          <Paragraph>
            Once your review is up, paste its links on {reviewPage} (Amazon, Goodreads, BookBub, StoryGraph or your
            blog). Not for you after all? Step back on the same page: no hard feelings, and no reminders.
          </Paragraph>
          <Paragraph>
            Amazon and the FTC ask reviewers of free copies to say so, for example: “{ARC_DISCLOSURE}”
          </Paragraph>
        </>
      );
    case 'download-reminder':
      return (
        <>
          <Paragraph>
            A few days ago you downloaded your advance copy of {email.title}. When you have posted your review (honest,
            whether or not you enjoyed it), paste its links on {reviewPage}, or step back there if it is not for you.
          </Paragraph>
          <Paragraph>
            Please post by {email.reviewBy}, and mention the free copy: “{ARC_DISCLOSURE}”
          </Paragraph>
        </>
      );
    case 'deadline-reminder':
      return (
        <>
          <Paragraph>
            {email.title} comes out on {email.reviewBy}. If you have reviewed it, thank you: paste the links on{' '}
            {reviewPage}. If it is not for you, step back there and we will not write again about it.
          </Paragraph>
          <Paragraph>{ARC_HONEST_REVIEWS}</Paragraph>
        </>
      );
    case 'thanks':
      return (
        <Paragraph>
          Thank you for your review of {email.title}. Reviews are how other readers find a book, and yours counts for
          this one on launch day.
        </Paragraph>
      );
  }
}

export function renderArcEmail(email: ArcEmailContent): Promise<RenderedEmail> {
  return renderEmail(
    <EmailLayout
      preview={arcSubject(email.kind, email.title)}
      heading={`Dear ${email.name}`}
      footer={
        <FinePrint>
          You get this email because you applied to the ARC team for {email.title}. Your page:{' '}
          <EmailLink href={email.reviewUrl}>{email.reviewUrl}</EmailLink>
        </FinePrint>
      }
    >
      <Body email={email} />
    </EmailLayout>,
  );
}
