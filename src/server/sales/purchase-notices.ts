import { escapeHtml, type NoticePage } from '../newsletter/notice-page.js';
import { LIBRARY_PATH } from './purchase-links.js';

/** The thank-you page's session id from Stripe's checkout. */
export const SESSION_ID = /^cs_[A-Za-z0-9_]{1,200}$/;

export const STYLE = `<style>
  .download { display: block; padding: 0.75rem 1rem; border: 1px solid #ef8257; border-radius: 6px; color: #fff4e6;
    text-decoration: none; font-weight: 600; margin: 0 0 1rem; }
  .download:hover { background: #2a201d; }
  .books { list-style: none; padding: 0; margin: 0 0 1.25rem; display: grid; gap: 0.9rem; }
  .books li { border: 1px solid #3d342f; border-radius: 6px; padding: 0.75rem 1rem; }
  .books small { display: block; color: #d9ccb4; }
  label { display: block; margin: 0 0 0.4rem; font-weight: 600; }
  input[type=email] { font: inherit; width: 100%; box-sizing: border-box; padding: 0.6rem 0.75rem; margin: 0 0 1rem;
    background: #0e0c0b; color: #eadfc8; border: 1px solid #6b5d55; border-radius: 6px; }
</style>`;

const signInForm = (email = '') => `${STYLE}
  <form method="post" action="${LIBRARY_PATH}">
    <label for="library-email">Your email</label>
    <input id="library-email" type="email" name="email" required autocomplete="email" value="${escapeHtml(email)}">
    <button type="submit">Email me a sign-in link</button>
  </form>`;

export const SIGN_IN_PAGE: NoticePage = {
  title: 'My library',
  heading: 'My library',
  paragraphs: [
    'Enter the email you bought with: a sign-in link arrives in a minute, and your library lists every book you bought here with fresh download links.',
  ],
  html: signInForm(),
};

export const BAD_LINK: NoticePage = {
  title: 'Link not valid',
  heading: 'This link is not valid',
  paragraphs: ['Open your library to get a fresh download link.'],
  link: { href: LIBRARY_PATH, text: 'My library' },
};

export const REFUNDED: NoticePage = {
  title: 'Refunded',
  heading: 'This order was refunded',
  paragraphs: ['Its download links no longer work. If you think this is a mistake, write to the author.'],
  link: { href: '/contact', text: 'Contact' },
};

export const ERASED: NoticePage = {
  title: 'Link not valid',
  heading: 'This copy is no longer available',
  paragraphs: ['The buyer’s details were erased at their request, and its download links with them.'],
  link: { href: '/contact', text: 'Contact' },
};
