import type { IssueAssets } from './issue-assets.js';
import { renderContentHtml } from '../../content/rendering/render-content.js';
import { emailContentHtml } from '../mail/email-content-html.js';
import {
  ContentHtml,
  EmailButton,
  EmailLayout,
  EmailLink,
  FinePrint,
  Paragraph,
  renderEmail,
  type RenderedEmail,
} from '../mail/email-layout.js';

/** The active gift, shown in the welcome email with the reader's own download link. */
export type GiftInEmail = { title: string; description: string };

export type IssueContent = {
  subject: string;
  preheader: string;
  body: string;
  /** The issue's page on the site ("View in your browser"); absent in a template without one. */
  viewUrl?: string;
  /** Processed uploads by name (their images get a width and height, which mail clients need) and featured posts. */
  assets?: Partial<IssueAssets>;
  /**
   * An update about a preorder, sent to the book's preorder customers: the footer says why they get it and that it
   * subscribes them to nothing (no unsubscribe, no preferences: a transactional message), with their cancel link.
   */
  preorderOf?: { bookTitle: string };
};

/** The issue's body as it appears in the email (and in the admin's live preview). */
export function issueBodyHtml(body: string, siteOrigin: string, assets: Partial<IssueAssets> = {}): string {
  return emailContentHtml(
    renderContentHtml(body, 'markdown', {
      siteOrigin,
      email: true,
      ...(assets.images ? { images: assets.images } : {}),
      ...(assets.postCards ? { postCards: assets.postCards } : {}),
    }),
    siteOrigin,
  );
}

function IssueEmail({
  issue,
  siteOrigin,
  links,
  gift,
}: {
  issue: IssueContent;
  siteOrigin: string;
  links: PersonalLinks;
  gift: GiftInEmail | null;
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
          {issue.preorderOf ? (
            <>
              <FinePrint>
                You receive this update because you preordered {issue.preorderOf.bookTitle} at{' '}
                <EmailLink href={siteUrl}>{siteUrl}</EmailLink>. It is about your preorder only: it does not subscribe
                you to the newsletter, and no other email follows from it.
              </FinePrint>
              {links.cancelUrl && (
                <FinePrint>
                  Changed your mind? <EmailLink href={links.cancelUrl}>Cancel my preorder</EmailLink>
                </FinePrint>
              )}
            </>
          ) : (
            <>
              <FinePrint>
                You receive this newsletter because you subscribed at <EmailLink href={siteUrl}>{siteUrl}</EmailLink>.
              </FinePrint>
              <FinePrint>
                <EmailLink href={links.preferencesUrl}>Choose what you receive</EmailLink> ·{' '}
                <EmailLink href={links.unsubscribeUrl}>Unsubscribe</EmailLink>
              </FinePrint>
            </>
          )}
        </>
      }
    >
      <ContentHtml html={issueBodyHtml(issue.body, siteOrigin, issue.assets)} />
      {gift && links.giftUrl && (
        <>
          <Paragraph>
            <strong>Your gift: {gift.title}</strong>
          </Paragraph>
          {gift.description && <Paragraph>{gift.description}</Paragraph>}
          <EmailButton href={links.giftUrl}>Download {gift.title}</EmailButton>
          <FinePrint>
            This link is yours: it works for 30 days, on each of your devices. Or open it here:{' '}
            <EmailLink href={links.giftUrl}>{links.giftUrl}</EmailLink>
          </FinePrint>
        </>
      )}
    </EmailLayout>
  );
}

/** Each recipient's own links (the gift link only in the welcome email, while a gift is active). */
export type PersonalLinks = {
  unsubscribeUrl: string;
  preferencesUrl: string;
  giftUrl?: string | undefined;
  /** A preorder update's "Cancel my preorder". */
  cancelUrl?: string | undefined;
};

/** Stand for the recipient's URLs in an issue rendered once for all its recipients. */
const PLACEHOLDERS = {
  unsubscribeUrl: 'https://unsubscribe.placeholder.invalid/UNSUBSCRIBE-LINK',
  preferencesUrl: 'https://preferences.placeholder.invalid/PREFERENCES-LINK',
  giftUrl: 'https://gift.placeholder.invalid/GIFT-LINK',
  cancelUrl: 'https://cancel.placeholder.invalid/CANCEL-LINK',
} as const;

/**
 * The issue rendered once, with placeholders where each recipient's links go: personalising a
 * message is then a string replacement, not a render.
 */
export function renderIssueTemplate(
  issue: IssueContent,
  siteOrigin: string,
  gift: GiftInEmail | null = null,
): Promise<RenderedEmail> {
  return renderEmail(<IssueEmail issue={issue} siteOrigin={siteOrigin} links={PLACEHOLDERS} gift={gift} />);
}

export function personalise(template: RenderedEmail, links: PersonalLinks): RenderedEmail {
  let { html, text } = template;
  for (const key of ['unsubscribeUrl', 'preferencesUrl', 'giftUrl', 'cancelUrl'] as const) {
    const url = links[key] ?? '';
    html = html.split(PLACEHOLDERS[key]).join(url.replace(/&/g, '&amp;'));
    text = text.split(PLACEHOLDERS[key]).join(url);
  }
  return { html, text };
}
