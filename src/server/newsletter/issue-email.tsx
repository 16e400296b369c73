import type { ResponsiveImageData } from '../../domain/images.js';
import { renderContentHtml } from '../content/render-content.js';
import { emailContentHtml } from '../mail/email-content-html.js';
import {
  ContentHtml,
  EmailLayout,
  EmailLink,
  FinePrint,
  renderEmail,
  type RenderedEmail,
} from '../mail/email-layout.js';

export type IssueContent = {
  subject: string;
  preheader: string;
  body: string;
  /** The issue's page on the site ("View in your browser"); absent in a template without one. */
  viewUrl?: string;
  /** Processed uploads by name: their images get a width and height (mail clients need them). */
  images?: ReadonlyMap<string, ResponsiveImageData>;
};

/** The issue's body as it appears in the email (and in the admin's live preview). */
export function issueBodyHtml(
  body: string,
  siteOrigin: string,
  images?: ReadonlyMap<string, ResponsiveImageData>,
): string {
  return emailContentHtml(
    renderContentHtml(body, 'markdown', { siteOrigin, ...(images ? { images, email: true } : {}) }),
    siteOrigin,
  );
}

function IssueEmail({
  issue,
  siteOrigin,
  unsubscribeUrl,
}: {
  issue: IssueContent;
  siteOrigin: string;
  unsubscribeUrl: string;
}) {
  const siteUrl = new URL('/', siteOrigin).href;
  return (
    <EmailLayout
      preview={issue.preheader || issue.subject}
      heading={issue.subject}
      footer={
        <>
          {issue.viewUrl && (
            <FinePrint>
              Trouble reading this email? <EmailLink href={issue.viewUrl}>View it in your browser</EmailLink>
            </FinePrint>
          )}
          <FinePrint>
            You receive this newsletter because you subscribed at <EmailLink href={siteUrl}>{siteUrl}</EmailLink>.
          </FinePrint>
          <FinePrint>
            <EmailLink href={unsubscribeUrl}>Unsubscribe</EmailLink>
          </FinePrint>
        </>
      }
    >
      <ContentHtml html={issueBodyHtml(issue.body, siteOrigin, issue.images)} />
    </EmailLayout>
  );
}

/** Stands for the recipient's unsubscribe URL in an issue rendered once for all its recipients. */
const UNSUBSCRIBE_URL_PLACEHOLDER = 'https://unsubscribe.placeholder.invalid/UNSUBSCRIBE-LINK';

/**
 * The issue rendered once, with a placeholder where each recipient's unsubscribe URL goes:
 * personalising a message is then a string replacement, not a render.
 */
export function renderIssueTemplate(issue: IssueContent, siteOrigin: string): Promise<RenderedEmail> {
  return renderEmail(<IssueEmail issue={issue} siteOrigin={siteOrigin} unsubscribeUrl={UNSUBSCRIBE_URL_PLACEHOLDER} />);
}

export function personalise(template: RenderedEmail, unsubscribeUrl: string): RenderedEmail {
  const html = template.html.split(UNSUBSCRIBE_URL_PLACEHOLDER).join(unsubscribeUrl.replace(/&/g, '&amp;'));
  const text = template.text.split(UNSUBSCRIBE_URL_PLACEHOLDER).join(unsubscribeUrl);
  return { html, text };
}
