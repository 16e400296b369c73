import type { Mailer } from '../mail/mailer.js';
import { personalise, renderIssueTemplate, type GiftInEmail, type IssueContent } from './issue-email.js';
import type { NewsletterTokens } from './newsletter-tokens.js';
import { GIFT_PATH, preferencesUrlFor } from './reader-links.js';
import { unsubscribeLinkFor } from './unsubscribe-links.js';

export type IssuePreview = { subject: string; html: string; text: string; headers: Record<string, string> };

/** The subscription id a preview's or a test's unsubscribe link names: no subscriber has it. */
const SAMPLE_SUBSCRIPTION_ID = 'preview';

const TEST_SUBJECT_PREFIX = '[Test] ';

/** An issue as the admin sees it before sending: the preview, and a test sent to any address. */
export class IssueMail {
  constructor(
    private readonly mailer: Mailer,
    private readonly tokens: NewsletterTokens,
  ) {}

  /**
   * Exactly what a subscriber receives (the same rendering), with sample personal links; `gift`:
   * the welcome email's gift, shown with a sample download link that downloads nothing.
   */
  async preview(issue: IssueContent, siteOrigin: string, gift: GiftInEmail | null = null): Promise<IssuePreview> {
    const unsubscribe = unsubscribeLinkFor(
      siteOrigin,
      this.tokens.unsubscribeToken(SAMPLE_SUBSCRIPTION_ID),
      this.mailer.from,
    );
    const rendered = personalise(await renderIssueTemplate(issue, siteOrigin, gift), {
      unsubscribeUrl: unsubscribe.url,
      preferencesUrl: preferencesUrlFor(this.tokens, siteOrigin, SAMPLE_SUBSCRIPTION_ID),
      giftUrl: new URL(`${GIFT_PATH}?token=sample`, siteOrigin).href,
    });
    return { subject: issue.subject, ...rendered, headers: unsubscribe.headers };
  }

  async sendTest(issue: IssueContent, to: string, siteOrigin: string, gift: GiftInEmail | null = null): Promise<void> {
    const preview = await this.preview(issue, siteOrigin, gift);
    await this.mailer.send({
      to,
      subject: `${TEST_SUBJECT_PREFIX}${preview.subject}`,
      html: preview.html,
      text: preview.text,
      headers: preview.headers,
    });
  }
}
