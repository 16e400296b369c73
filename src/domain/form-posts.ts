/**
 * The public forms also work before (or without) the page's script: each is a real
 * `method="post"` form the server answers with a rendered page. What the pages and the server
 * share about those posts lives here.
 */

export type PostedForm = 'contact' | 'newsletter' | 'preorder';

/** Where each form posts. The newsletter form adds the page it sits on (see newsletterPostAction). */
export const FORM_POST_PATHS: Record<PostedForm, string> = {
  contact: '/contact',
  newsletter: '/newsletter',
  preorder: '/preorder',
};

/** The pages that show the newsletter form; the server answers a post with one of them. */
const NEWSLETTER_FORM_PAGES = ['/', '/contact'] as const;
export type NewsletterFormPage = (typeof NEWSLETTER_FORM_PAGES)[number];
export const NEWSLETTER_PAGE_PARAM = 'from';
/** The id of the newsletter section, where a post's answer scrolls to. */
export const NEWSLETTER_ANCHOR = 'newsletter';

export function isNewsletterFormPage(value: unknown): value is NewsletterFormPage {
  return (NEWSLETTER_FORM_PAGES as readonly unknown[]).includes(value);
}

/** The newsletter form's action: the answer comes back to `page`, scrolled to the form. */
export function newsletterPostAction(page: NewsletterFormPage): string {
  return `${FORM_POST_PATHS.newsletter}?${NEWSLETTER_PAGE_PARAM}=${encodeURIComponent(page)}#${NEWSLETTER_ANCHOR}`;
}

/**
 * After a successful post the server redirects (303) to the form's page with `?sent=<form>`,
 * which shows the success text; a preorder adds the book and format it reserved.
 */
export const SENT_PARAM = 'sent';
export const SENT_BOOK_PARAM = 'book';
export const SENT_FORMAT_PARAM = 'format';
export const FORM_RESULT_PARAMS: readonly string[] = [SENT_PARAM, SENT_BOOK_PARAM, SENT_FORMAT_PARAM];
/** The only pages whose rendering reads FORM_RESULT_PARAMS. */
export const FORM_RESULT_PAGES: readonly string[] = ['/', '/contact', '/preorder'];

/** A refused post, rendered into the form's page: the values kept, the errors shown. */
export type FormOutcome = {
  form: PostedForm;
  /** The fields as sent (text fields only; never the honeypot). */
  values: Record<string, string>;
  /** The first message of each field the schema refused. */
  fieldErrors: Record<string, string>;
  /** The text the failure toast shows (the server's message). */
  message: string;
};

/**
 * Form posts are small: the longest message (5,000 characters) percent-encoded at up to 9
 * bytes a character, plus the other fields.
 */
export const FORM_POST_BODY_LIMIT = 64 * 1024;
