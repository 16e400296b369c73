import {
  FORM_POST_PATHS,
  isNewsletterFormPage,
  NEWSLETTER_ANCHOR,
  NEWSLETTER_PAGE_PARAM,
  SENT_BOOK_PARAM,
  SENT_FORMAT_PARAM,
  SENT_PARAM,
  type PostedForm,
} from '../../../domain/form-posts.js';
import { contactInputSchema, newsletterInputSchema, preorderInputSchema } from '../../../domain/submissions.schema.js';
import type { createCaller } from '../../trpc/app-router.js';

type Caller = ReturnType<typeof createCaller>;
type FormQuery = Record<string, unknown>;

/** One public form as the server receives it without JavaScript. */
export type PostedFormDefinition = {
  form: PostedForm;
  /** The path it posts to. */
  path: string;
  /** The fields of its schema: only these are read from the body. */
  fields: readonly string[];
  /** The same procedure the JSON API and the script call. */
  submit: (caller: Caller, input: Record<string, unknown>, query: FormQuery) => Promise<unknown>;
  /** The page that shows the form, rendered again when the post is refused. */
  pageOf: (query: FormQuery) => string;
  /** Where a successful post is redirected (303): the page with its success text. */
  sentLocation: (input: Record<string, unknown>, query: FormQuery) => string;
};

const sentQuery = (form: PostedForm, extra: Record<string, string> = {}) =>
  `?${new URLSearchParams({ [SENT_PARAM]: form, ...extra }).toString()}`;

/** A newsletter post names the page it came from; anything but a page with the form means the home page. */
function newsletterPage(query: FormQuery): string {
  const page = query[NEWSLETTER_PAGE_PARAM];
  return isNewsletterFormPage(page) ? page : '/';
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export const POSTED_FORM_DEFINITIONS: readonly PostedFormDefinition[] = [
  {
    form: 'contact',
    path: FORM_POST_PATHS.contact,
    fields: Object.keys(contactInputSchema.shape),
    submit: (caller, input) => caller.contact.send(input as never),
    pageOf: () => FORM_POST_PATHS.contact,
    sentLocation: () => `${FORM_POST_PATHS.contact}${sentQuery('contact')}`,
  },
  {
    form: 'newsletter',
    path: FORM_POST_PATHS.newsletter,
    fields: Object.keys(newsletterInputSchema.shape),
    submit: (caller, input, query) => caller.newsletter.subscribe({ ...input, page: newsletterPage(query) } as never),
    pageOf: newsletterPage,
    sentLocation: (_input, query) => `${newsletterPage(query)}${sentQuery('newsletter')}#${NEWSLETTER_ANCHOR}`,
  },
  {
    form: 'preorder',
    path: FORM_POST_PATHS.preorder,
    fields: Object.keys(preorderInputSchema.shape),
    submit: (caller, input) => caller.preorders.create(input as never),
    pageOf: () => FORM_POST_PATHS.preorder,
    // The confirmation names the book and format; never the email (it would sit in the URL).
    sentLocation: (input) =>
      `${FORM_POST_PATHS.preorder}${sentQuery('preorder', {
        [SENT_BOOK_PARAM]: text(input.bookId),
        [SENT_FORMAT_PARAM]: text(input.preferredFormat),
      })}`,
  },
];
