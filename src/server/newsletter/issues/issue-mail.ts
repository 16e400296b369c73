import { archivedIssuePath, ISSUE_VIEW_KEY_PARAM } from '../../../domain/newsletter-issues.js';
import type { IssueAssets } from './issue-assets.js';
import type { Mailer } from '../mail/mailer.js';
import { personalise, renderIssueTemplate, type GiftInEmail, type IssueContent } from './issue-email.js';
import type { NewsletterTokens } from '../newsletter-tokens.js';
import { GIFT_PATH, preferencesUrlFor } from '../reader-links.js';
import { unsubscribeLinkFor } from '../unsubscribe-links.js';

export type IssuePreview = { subject: string; html: string; text: string; headers: Record<string, string> };

/** The subscription id a preview's or a test's unsubscribe link names: no subscriber has it. */
const SAMPLE_SUBSCRIPTION_ID = 'preview';

const TEST_SUBJECT_PREFIX = '[Test] ';

/** What a preview can show besides the issue: its uploaded images and featured posts, and the welcome email's gift. */
type PreviewExtras = { assets?: IssueAssets; gift?: GiftInEmail | null };

/** The issue's "view in browser" address: its page on the site, with the key that opens it outside the archive. */
export function issueViewUrl(tokens: NewsletterTokens, issueId: string, siteOrigin: string): string {
  const url = new URL(archivedIssuePath(issueId), siteOrigin);
  url.searchParams.set(ISSUE_VIEW_KEY_PARAM, tokens.issueViewToken(issueId));
  return url.href;
}

/** An issue as the admin sees it before sending: the preview, and a test sent to any address. */
export class IssueMail {
  constructor(
    private readonly mailer: Mailer,
    private readonly tokens: NewsletterTokens,
  ) {}

  viewUrl(issueId: string, siteOrigin: string): string {
    return issueViewUrl(this.tokens, issueId, siteOrigin);
  }

  /** Whether `key` is the issue's own "view in browser" key. */
  opensIssue(issueId: string, key: unknown): boolean {
    return this.tokens.isIssueViewToken(key, issueId);
  }

  /**
   * Exactly what a subscriber receives (the same rendering), with sample personal links; `gift`:
   * the welcome email's gift, shown with a sample download link that downloads nothing.
   */
  async preview(
    issue: IssueContent & { id: string },
    siteOrigin: string,
    extras: PreviewExtras = {},
  ): Promise<IssuePreview> {
    const unsubscribe = unsubscribeLinkFor(
      siteOrigin,
      this.tokens.unsubscribeToken(SAMPLE_SUBSCRIPTION_ID),
      this.mailer.from,
    );
    const content = {
      ...issue,
      viewUrl: this.viewUrl(issue.id, siteOrigin),
      ...(extras.assets ? { assets: extras.assets } : {}),
    };
    const rendered = personalise(await renderIssueTemplate(content, siteOrigin, extras.gift ?? null), {
      unsubscribeUrl: unsubscribe.url,
      preferencesUrl: preferencesUrlFor(this.tokens, siteOrigin, SAMPLE_SUBSCRIPTION_ID),
      giftUrl: new URL(`${GIFT_PATH}?token=sample`, siteOrigin).href,
    });
    return { subject: issue.subject, ...rendered, headers: unsubscribe.headers };
  }

  async sendTest(
    issue: IssueContent & { id: string },
    to: string,
    siteOrigin: string,
    extras: PreviewExtras = {},
  ): Promise<void> {
    const preview = await this.preview(issue, siteOrigin, extras);
    await this.mailer.send({
      to,
      subject: `${TEST_SUBJECT_PREFIX}${preview.subject}`,
      html: preview.html,
      text: preview.text,
      headers: preview.headers,
    });
  }
}
