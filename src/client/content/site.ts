/**
 * Fixed site copy: the series, its author and the words around the content. The words the author edits
 * (announcement, hero, About, social links, footer, site title) are settings (Settings → Site), not code.
 */

export const SERIES_NAME = 'The Cinderwake Cycle';
export const AUTHOR_NAME = 'Delphine Rook';

export type Testimonial = { quote: string; name: string; role: string };

/** Three fixed reader testimonials. */
export const TESTIMONIALS: readonly [Testimonial, Testimonial, Testimonial] = [
  {
    quote:
      'I finished The Ashwarden at three in the morning and sat in the dark for a long time afterwards. Nothing else I have read this year has felt so quiet and so dangerous at once.',
    name: 'Maren Oakes',
    role: 'Reader since book one',
  },
  {
    quote:
      'Our book club meant to spend one evening on The Tallow King. We have now spent four, and we still cannot agree about the Queen.',
    name: 'Tobias Ferrant',
    role: 'Book club host',
  },
  {
    quote:
      'Rook writes grief the way a conservator handles a burnt page: slowly, carefully, with enormous respect. I hand this series to every customer who asks for something dark that still has a heart.',
    name: 'Ines Caldwell',
    role: 'Independent bookseller',
  },
];

export const NEWSLETTER_COPY = {
  home: {
    eyebrow: 'The Ashwarden’s Writ',
    title: 'Join the Ashwardens',
    promise:
      'One writ monthly: new chapters before anyone else, release news, and the occasional secret from the archive. Never more, and never shared.',
    successText: 'Welcome to the Ashwardens. Please check your email for confirmation.',
  },
  contact: {
    title: 'Subscribe to the Newsletter',
    promise:
      '1–2 emails per month with chapter drops, tour dates and news from Vesperhold. Unsubscribe whenever you like.',
    successText: 'Welcome to the Cinderwake circle. Please check your email for confirmation.',
  },
} as const;

export const EARLY_ACCESS_COPY = {
  title: 'Want Early Access?',
  text: 'Subscribers read new chapters weeks before publication, and receive the scenes that never made it into the books.',
} as const;

export const READING_ORDER_NOTE =
  'New to the series? Read the books in publication order, beginning with The Ashwarden: each book opens where the last one closes, and the later excerpts assume you have walked the whole road.';
