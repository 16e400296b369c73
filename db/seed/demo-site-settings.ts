import type { SiteSettingsInput } from '../../src/domain/site-settings.js';

/** The demo site's own words (Settings → Site), stored like an author's: the site's code holds none of them. */
export const demoSiteSettings: SiteSettingsInput = {
  announcement: {
    enabled: true,
    label: 'New chapter drop',
    text: 'Subscribers receive The Marshal’s Ledger, a lost chapter from The Ashwarden, this Friday.',
    linkText: 'Get the chapter',
    linkUrl: '',
    startsOn: null,
    endsOn: null,
  },
  hero: {
    eyebrow: 'The Cinderwake Cycle',
    headline: 'The Throne Awaits',
    text: 'For nine hundred years a fire beneath Vesperhold has judged the kings of Aurhald. Tonight it goes dark, and the Ashwarden who tends the royal dead must learn what the living will do to fill a cold throne.',
    picture: '/demo/hero.svg',
  },
  about: {
    authorName: 'Delphine Rook',
    role: 'Author of The Cinderwake Cycle',
    portrait: '/demo/author-portrait.svg',
    portraitAlt: 'Portrait of Delphine Rook, drawn in ink and ember tones',
    bio: [
      'Delphine Rook grew up in a house at the end of a tidal road, where the sea came in twice a day and took the way out with it. She spent her childhood reading by the light of whatever would stay lit, and has been writing about fire, water and the things they keep ever since.',
      'Before turning to fiction she worked for nine years as a book conservator, restoring manuscripts damaged by flood and fire. The patience of that work, and the strange intimacy of handling what other people have lost, became the heart of *The Ashwarden*, her first novel, and of the series that grew from it.',
      'She lives on a cold stretch of northern coast with a retired greyhound, too many candles and an iron chair she insists she bought for research. *The Cinderwake Cycle* will conclude with *The Unkindled Throne*.',
    ].join('\n\n'),
  },
  social: [
    { network: 'X', url: 'https://x.com/delphinerook', handle: '@delphinerook' },
    { network: 'Instagram', url: 'https://www.instagram.com/delphinerook', handle: '@delphinerook' },
    { network: 'TikTok', url: 'https://www.tiktok.com/@delphinerook', handle: '@delphinerook' },
    { network: 'Patreon', url: 'https://www.patreon.com/delphinerook', handle: 'Delphine Rook' },
  ],
  footerText: 'A dark fantasy series of fire, grief and a throne that judges kings.',
  seo: {
    title: 'The Cinderwake Cycle',
    description:
      'The Cinderwake Cycle, a dark fantasy series by Delphine Rook: books, excerpts, art, music and news from Vesperhold.',
  },
};
