import { bookPath } from './content-links.js';

/** The book a new reader should start with (the first in the series), when the site has one. */
type FirstBook = { title: string; slug: string };

const WELCOME_SUBJECT = 'Welcome to the Ashwardens';
const WELCOME_PREHEADER = 'Your gift from the archive, and what comes next.';

/**
 * The welcome email every new site starts with (on by default; the author edits it in Mail). It does not
 * speak of a gift: when one is active, the email itself shows it, with the reader's own download link.
 */
export function defaultWelcomeEmail(firstBook: FirstBook | undefined) {
  const whereToBegin = firstBook
    ? `Where to begin? The series is best read in order, starting with [${firstBook.title}](${bookPath(firstBook)}).`
    : 'Where to begin? The series is best read in order: [the books](/books) are listed from the first.';
  return {
    subject: WELCOME_SUBJECT,
    preheader: WELCOME_PREHEADER,
    body: [
      'Thank you for joining. You are now among the first to hear when a new book, chapter or secret leaves the archive.',
      '',
      `${whereToBegin} Every few weeks I will write with news of the next book, excerpts before anyone else sees them, and art from the world of Vesperhold.`,
      '',
      'You can tell me which series you follow, or pause the letters for a while, from the preferences link at the foot of every email.',
      '',
      '— Delphine',
    ].join('\n'),
  };
}

/**
 * The ready-made text sites were given before: it spoke of a gift "if one is waiting" (while the email shows
 * it) and linked /books rather than the book. A welcome email still holding exactly this text is updated.
 */
export const FORMER_DEFAULT_WELCOME_BODY = [
  'Thank you for joining. You are now among the first to hear when a new book, chapter or secret leaves the archive.',
  '',
  'If a gift is waiting for subscribers, your personal download link is just below: it works on your phone, e-reader and computer for 30 days.',
  '',
  'Where to begin? The series is best read in order, starting with [The Ashwarden](/books). Every few weeks I will write with news of the next book, excerpts before anyone else sees them, and art from the world of Vesperhold.',
  '',
  'You can tell me which series you follow, or pause the letters for a while, from the preferences link at the foot of every email.',
  '',
  '— Delphine',
].join('\n');
