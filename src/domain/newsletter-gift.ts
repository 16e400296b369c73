import { z } from 'zod';
import { requiredText, textWithEmptyDefault } from './fields.schema.js';

/** The formats a gift may come in, each with its type, extension and how to open it. */
export const GIFT_FORMATS = ['epub', 'pdf', 'mobi', 'azw3', 'mp3', 'm4b'] as const;
export type GiftFormat = (typeof GIFT_FORMATS)[number];

export const GIFT_FORMAT_INFO: Record<GiftFormat, { label: string; contentType: string; extension: string }> = {
  epub: { label: 'EPUB (Kobo, Apple Books, most e-readers)', contentType: 'application/epub+zip', extension: 'epub' },
  pdf: { label: 'PDF (any screen, print)', contentType: 'application/pdf', extension: 'pdf' },
  mobi: { label: 'MOBI (older Kindles)', contentType: 'application/x-mobipocket-ebook', extension: 'mobi' },
  azw3: { label: 'AZW3 (Kindle)', contentType: 'application/vnd.amazon.ebook', extension: 'azw3' },
  mp3: { label: 'MP3 audio', contentType: 'audio/mpeg', extension: 'mp3' },
  m4b: { label: 'M4B audiobook', contentType: 'audio/mp4', extension: 'm4b' },
};

/** The largest gift file accepted. */
export const MAX_GIFT_FILE_BYTES = 100 * 1024 * 1024;
/** How long a personal download link works. */
export const GIFT_LINK_LIFETIME_DAYS = 30;
/** Downloads one link allows (several devices, a retry or two); then the reader asks for a new link. */
export const GIFT_LINK_MAX_DOWNLOADS = 10;

export const GIFT_LIMITS = { title: 200, description: 1000, coverImage: 500 } as const;

export const giftInputSchema = z.object({
  title: requiredText('Title', GIFT_LIMITS.title),
  description: textWithEmptyDefault('Short text', GIFT_LIMITS.description),
  /** An image from the uploads (/objects/…), or empty. */
  coverImage: textWithEmptyDefault('Cover', GIFT_LIMITS.coverImage).refine(
    (value) => value === '' || /^\/objects\/[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/.test(value),
    'Cover must be an uploaded image (/objects/…)',
  ),
});

export type GiftFile = { id: string; format: GiftFormat; filename: string; bytes: number; createdAt: Date };
export type Gift = {
  id: string;
  title: string;
  description: string;
  coverImage: string;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
  files: GiftFile[];
};

/** What the public site shows of the active gift. */
export type PublicGift = { title: string; description: string; coverImage: string };

type ReadingTip = { device: string; tip: string };

/** For each device, the tip for the best offered format (first that is offered), or none. */
const TIPS_BY_DEVICE: { device: string; byFormat: [GiftFormat, string][] }[] = [
  {
    device: 'Kindle',
    byFormat: [
      [
        'epub',
        'Choose EPUB, then send it with Amazon’s Send to Kindle (the app or amazon.com/sendtokindle); it appears in your library in a few minutes.',
      ],
      ['azw3', 'Choose AZW3 and copy it to the Kindle over USB (into its “documents” folder).'],
      ['mobi', 'Choose MOBI and copy it to the Kindle over USB (into its “documents” folder).'],
      ['pdf', 'Choose PDF, then send it with Amazon’s Send to Kindle (the app or amazon.com/sendtokindle).'],
    ],
  },
  {
    device: 'Kobo',
    byFormat: [
      [
        'epub',
        'Choose EPUB and copy it to the Kobo over USB, or add it to Dropbox or Google Drive linked to your Kobo.',
      ],
      ['pdf', 'Choose PDF and copy it to the Kobo over USB.'],
    ],
  },
  {
    device: 'Apple Books',
    byFormat: [
      [
        'epub',
        'Choose EPUB on your iPhone, iPad or Mac, open the download and pick “Books”; it stays in your library.',
      ],
      ['pdf', 'Choose PDF on your iPhone, iPad or Mac, open the download and pick “Books”; it stays in your library.'],
      [
        'm4b',
        'Choose M4B on your iPhone, iPad or Mac and open it: it plays in Books, and remembers where you stopped.',
      ],
    ],
  },
  {
    device: 'Any phone or computer',
    byFormat: [['mp3', 'Choose MP3: any music or podcast app plays it.']],
  },
];

/**
 * How to open the gift on each reader's device, naming only formats the gift is offered in (a gift offered only
 * as a PDF never says "Choose EPUB"); a device none of its formats suits is left out.
 */
export function giftReadingTips(offered: readonly GiftFormat[]): ReadingTip[] {
  return TIPS_BY_DEVICE.flatMap(({ device, byFormat }) => {
    const tip = byFormat.find(([format]) => offered.includes(format))?.[1];
    return tip ? [{ device, tip }] : [];
  });
}
