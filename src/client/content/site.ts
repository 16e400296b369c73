/** Fixed site copy: the series, its author and the words around the content. */

export const SERIES_NAME = 'The Cinderwake Cycle';
export const AUTHOR_NAME = 'Delphine Rook';
export const SITE_TAGLINE = 'A dark fantasy series of fire, grief and a throne that judges kings.';

/** The bar above every page while a subscribers' gift is active (see Admin → Mail → Gift). */
export const ANNOUNCEMENT = {
  label: 'Free for subscribers',
  linkText: 'Get the gift',
} as const;

export const giftAnnouncement = (giftTitle: string): string => `Subscribers receive ${giftTitle}.`;

export const HERO = {
  eyebrow: SERIES_NAME,
  headline: 'The Throne Awaits',
  lede: 'For nine hundred years a fire beneath Vesperhold has judged the kings of Aurhald. Tonight it goes dark, and the Ashwarden who tends the royal dead must learn what the living will do to fill a cold throne.',
} as const;

export type SocialLink = { name: 'X' | 'Instagram' | 'TikTok' | 'Patreon'; href: string; handle: string };

export const SOCIAL_LINKS: readonly SocialLink[] = [
  { name: 'X', href: 'https://x.com/delphinerook', handle: '@delphinerook' },
  { name: 'Instagram', href: 'https://www.instagram.com/delphinerook', handle: '@delphinerook' },
  { name: 'TikTok', href: 'https://www.tiktok.com/@delphinerook', handle: '@delphinerook' },
  { name: 'Patreon', href: 'https://www.patreon.com/delphinerook', handle: 'Delphine Rook' },
];

export const AUTHOR_BIO = {
  portrait: '/demo/author-portrait.svg',
  portraitAlt: 'Portrait of Delphine Rook, drawn in ink and ember tones',
  paragraphs: [
    'Delphine Rook grew up in a house at the end of a tidal road, where the sea came in twice a day and took the way out with it. She spent her childhood reading by the light of whatever would stay lit, and has been writing about fire, water and the things they keep ever since.',
    'Before turning to fiction she worked for nine years as a book conservator, restoring manuscripts damaged by flood and fire. The patience of that work, and the strange intimacy of handling what other people have lost, became the heart of The Ashwarden, her first novel, and of the series that grew from it.',
    'She lives on a cold stretch of northern coast with a retired greyhound, too many candles and an iron chair she insists she bought for research. The Cinderwake Cycle will conclude with The Unkindled Throne.',
  ],
} as const;

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
