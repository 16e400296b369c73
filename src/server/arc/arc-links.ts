import type { NewsletterTokens } from '../newsletter/newsletter-tokens.js';
import { linkWithToken } from '../newsletter/unsubscribe-links.js';

/** A chosen reader's page (their copy, the review links form, step back) and the copy's download. */
export const ARC_COPY_PATH = '/arc-copy';
export const ARC_DOWNLOAD_PATH = '/arc-copy/download';
export const ARC_REVIEWS_PATH = '/arc-copy/reviews';
export const ARC_STEP_BACK_PATH = '/arc-copy/step-back';
export const ARC_APPLY_PATH = '/arc/apply';

export const arcPageUrl = (tokens: NewsletterTokens, origin: string, applicationId: string) =>
  linkWithToken(origin, ARC_COPY_PATH, tokens.arcToken(applicationId));
export const arcDownloadUrl = (tokens: NewsletterTokens, origin: string, applicationId: string) =>
  linkWithToken(origin, ARC_DOWNLOAD_PATH, tokens.arcToken(applicationId));
