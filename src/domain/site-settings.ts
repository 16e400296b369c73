import { z } from 'zod';
import { enumField, idSchema } from './fields.schema.js';
import { DEFAULT_NAVIGATION, MAX_NAV_ENTRIES, MAX_NAV_LABEL } from './navigation.js';
import { BUILT_IN_PATHS } from './site-pages.js';
import { SITE_SETTINGS_DEFAULTS } from './site-settings-defaults.js';

/**
 * Settings the admin changes at run time, stored in the site_settings table (one JSON value per
 * key). Each group has a schema whose defaults fill in keys that were never saved, so adding a
 * setting later needs no migration.
 */
export const mailSettingsSchema = z.object({
  /** Issues go only to subscribers who followed their confirmation link (or subscribed before double opt-in). */
  requireConfirmation: z.boolean({ error: 'Require confirmation must be true or false' }).default(true),
  /** A notice to AUTHOR_EMAIL for each new contact message (Reply-To: the visitor). */
  notifyAuthorOfContact: z.boolean({ error: 'Contact notices must be true or false' }).default(true),
  /** A notice to AUTHOR_EMAIL for each new preorder. */
  notifyAuthorOfPreorder: z.boolean({ error: 'Preorder notices must be true or false' }).default(true),
  /** A notice to AUTHOR_EMAIL for each reader's comment held for approval. */
  notifyAuthorOfComments: z.boolean({ error: 'Comment notices must be true or false' }).default(true),
});

export type MailSettings = z.output<typeof mailSettingsSchema>;

/**
 * An update: any subset of the settings. Built from the fields without their defaults: zod's `.partial()` keeps
 * a `.default()`, so a setting left out would come back as its default and overwrite the stored value.
 */
export const mailSettingsUpdateSchema = z
  .object({
    requireConfirmation: mailSettingsSchema.shape.requireConfirmation.unwrap(),
    notifyAuthorOfContact: mailSettingsSchema.shape.notifyAuthorOfContact.unwrap(),
    notifyAuthorOfPreorder: mailSettingsSchema.shape.notifyAuthorOfPreorder.unwrap(),
    notifyAuthorOfComments: mailSettingsSchema.shape.notifyAuthorOfComments.unwrap(),
  })
  .partial()
  .strict();

export const MAIL_SETTINGS_KEY = 'mail';

/* ------------------------------------------------------------------------------------------------------------ */
/* The site's own words (Settings → Site): announcement bar, home hero, About page, social links, footer, SEO.   */
/* ------------------------------------------------------------------------------------------------------------ */

export const SITE_SETTINGS_KEY = 'site';

export const SOCIAL_NETWORKS = ['X', 'Instagram', 'TikTok', 'Patreon'] as const;

export const MAX_SOCIAL_LINKS = 8;

export const SITE_TEXT_LIMITS = {
  label: 60,
  announcement: 300,
  headline: 120,
  heroText: 600,
  bio: 20_000,
  footer: 300,
  seoTitle: 70,
  seoDescription: 300,
  name: 120,
  alt: 200,
} as const;

/**
 * About what a 320 px phone's header shows of a title on two lines: past it the title ends in "…" there (the link's
 * name and the page titles keep it whole), and the Settings form says so.
 */
export const SITE_TITLE_PHONE_FIT = 40;

const DATE_MESSAGE = 'Dates must be calendar dates like 2026-12-01';
export const ANNOUNCEMENT_DATES_MESSAGE = 'The announcement must end on or after the day it starts';
export const SITE_LINK_MESSAGE = 'Link must be a page of this site (/books) or an https:// address';
const SITE_IMAGE_MESSAGE = 'Image must be an uploaded file, a page path of this site or an https:// address';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

const isSitePath = (value: string) => /^\/(?!\/)[A-Za-z0-9._~!$&'()*+,;=:@%/?#-]*$/.test(value);
const isHttps = (value: string) => {
  if (!/^https:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.username === '' && url.password === '';
  } catch {
    return false;
  }
};

/** A link of the announcement: a path of this site or an https:// address; blank opens the newsletter form. */
const siteLink = text('Link', 2_048).refine((value) => value === '' || isSitePath(value) || isHttps(value), {
  message: SITE_LINK_MESSAGE,
});
const siteImage = (label: string) =>
  text(label, 2_048)
    .min(1, `${label} is required`)
    .refine((value) => isSitePath(value) || isHttps(value), { message: SITE_IMAGE_MESSAGE });

const calendarDate = z
  .string({ error: DATE_MESSAGE })
  .trim()
  .refine((value) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, DATE_MESSAGE)
  .nullable();

const announcementSchema = z
  .object({
    enabled: z.boolean({ error: 'Show the announcement must be true or false' }),
    label: text('Label', SITE_TEXT_LIMITS.label),
    text: text('Announcement text', SITE_TEXT_LIMITS.announcement),
    linkText: text('Link text', SITE_TEXT_LIMITS.label),
    linkUrl: siteLink,
    /** First and last day it shows (UTC); null: from now on / until switched off. */
    startsOn: calendarDate,
    endsOn: calendarDate,
  })
  .refine((bar) => !bar.enabled || bar.text !== '', { message: 'Announcement text is required', path: ['text'] })
  .refine((bar) => !bar.startsOn || !bar.endsOn || bar.startsOn <= bar.endsOn, {
    message: ANNOUNCEMENT_DATES_MESSAGE,
    path: ['endsOn'],
  });

const socialLinkSchema = z.object({
  network: enumField('Network', SOCIAL_NETWORKS),
  url: text('Address', 2_048).refine(isHttps, { message: 'Address must be an https:// address' }),
  /** "@delphinerook", shown on the Contact page beside the network. */
  handle: text('Handle', 100).default(''),
});

export const MAX_FEDIVERSE_ALIASES = 5;
const FEDIVERSE_ALIAS_MESSAGE = 'An old account must be its actor address, like https://mastodon.example/users/me';
/** An ActivityPub actor's address: http(s), no credentials, no fragment. */
export const isActorAddress = (value: string) => {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.username === '' && url.password === '' && url.hash === '';
  } catch {
    return false;
  }
};

/** The site's fediverse account, `@handle@host` (src/server/fediverse). */
const FEDIVERSE_HANDLE_MESSAGE = 'Handle must be 1 to 30 letters, digits or underscores';
const fediverseSchema = z.object({
  handle: z
    .string({ error: FEDIVERSE_HANDLE_MESSAGE })
    .trim()
    .regex(/^[A-Za-z0-9_]{1,30}$/, FEDIVERSE_HANDLE_MESSAGE),
  /** Follows wait for the author's approval instead of being accepted at once. */
  holdFollows: z.boolean({ error: 'Hold follows must be true or false' }),
  /** New excerpts go out to the followers too, their spoiler level as a content warning. */
  shareExcerpts: z.boolean({ error: 'Share new excerpts must be true or false' }).default(false),
  /** The accounts this one moved from (the actor's `alsoKnownAs`): Mastodon accepts a Move to this site from them. */
  aliases: z
    .array(text('Old account', 2_048).refine(isActorAddress, { message: FEDIVERSE_ALIAS_MESSAGE }), {
      error: 'Old accounts must be a list',
    })
    .max(MAX_FEDIVERSE_ALIASES, `At most ${MAX_FEDIVERSE_ALIASES} old accounts`)
    .default([]),
});
const NAV_LINK_MESSAGE = 'A menu link must be a page of this site (/books) or an https:// address';

const navLabel = text('Menu label', MAX_NAV_LABEL);
const navEntrySchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('builtin'), path: enumField('Built-in page', BUILT_IN_PATHS), label: navLabel }),
    z.object({ kind: z.literal('page'), pageId: idSchema, label: navLabel }),
    z.object({
      kind: z.literal('link'),
      url: text('Link', 2_048).refine((value) => isSitePath(value) || isHttps(value), { message: NAV_LINK_MESSAGE }),
      label: navLabel.min(1, 'A menu link needs a label'),
    }),
  ],
  { error: 'A menu entry is a built-in page, a page or a link' },
);
const navMenu = (name: string) =>
  z
    .array(navEntrySchema, { error: `The ${name} menu must be a list` })
    .max(MAX_NAV_ENTRIES, `The ${name} menu has at most ${MAX_NAV_ENTRIES} entries`);

/** The header's and the footer's menus, in order (navigation.ts resolves them). */
const navigationSchema = z.object({ header: navMenu('header'), footer: navMenu('footer') });

export const siteSettingsSchema = z.object({
  announcement: announcementSchema.default(SITE_SETTINGS_DEFAULTS.announcement),
  hero: z
    .object({
      eyebrow: text('Eyebrow', SITE_TEXT_LIMITS.label),
      headline: text('Headline', SITE_TEXT_LIMITS.headline).min(1, 'Headline is required'),
      text: text('Hero text', SITE_TEXT_LIMITS.heroText),
      picture: siteImage('Hero image'),
    })
    .default(SITE_SETTINGS_DEFAULTS.hero),
  about: z
    .object({
      authorName: text('Author name', SITE_TEXT_LIMITS.name).min(1, 'Author name is required'),
      role: text('Role', SITE_TEXT_LIMITS.headline),
      portrait: siteImage('Portrait'),
      portraitAlt: text('Portrait description', SITE_TEXT_LIMITS.alt),
      /** Markdown, rendered by the content renderer. */
      bio: text('Biography', SITE_TEXT_LIMITS.bio),
    })
    .default(SITE_SETTINGS_DEFAULTS.about),
  social: z
    .array(socialLinkSchema, { error: 'Social links must be a list' })
    .max(MAX_SOCIAL_LINKS, `At most ${MAX_SOCIAL_LINKS} social links`)
    .default([]),
  footerText: text('Footer text', SITE_TEXT_LIMITS.footer).default(SITE_SETTINGS_DEFAULTS.footerText),
  seo: z
    .object({
      title: text('Site title', SITE_TEXT_LIMITS.seoTitle).min(1, 'Site title is required'),
      description: text('Site description', SITE_TEXT_LIMITS.seoDescription),
    })
    .default(SITE_SETTINGS_DEFAULTS.seo),
  fediverse: fediverseSchema.default(SITE_SETTINGS_DEFAULTS.fediverse),
  navigation: navigationSchema.default(DEFAULT_NAVIGATION),
});

export type SiteSettings = z.output<typeof siteSettingsSchema>;
export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;
export type Announcement = SiteSettings['announcement'];

/** An update: any of the groups, each whole (a form saves its group). */
export const siteSettingsUpdateSchema = z
  .object({
    announcement: announcementSchema,
    hero: siteSettingsSchema.shape.hero.unwrap(),
    about: siteSettingsSchema.shape.about.unwrap(),
    social: siteSettingsSchema.shape.social.unwrap(),
    footerText: siteSettingsSchema.shape.footerText.unwrap(),
    seo: siteSettingsSchema.shape.seo.unwrap(),
    fediverse: fediverseSchema,
    navigation: navigationSchema,
  })
  .partial()
  .strict();
