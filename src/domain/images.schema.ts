import { z } from 'zod';
import { COVER_IMAGE_MESSAGE, isValidImageReference } from './images.js';
import { TEXT_LIMITS } from './limits.js';

function imageReferenceSchema(label: string, invalidMessage: string) {
  return (
    z
      .string({ error: `${label} is required` })
      .trim()
      // abort: a blank value gets only 'is required', not also the URL rule.
      .min(1, { error: `${label} is required`, abort: true })
      .max(TEXT_LIMITS.url, `${label} must be at most ${TEXT_LIMITS.url} characters`)
      .refine(isValidImageReference, invalidMessage)
  );
}

export const coverImageSchema = imageReferenceSchema('Cover image', COVER_IMAGE_MESSAGE);
/**
 * A blog post's cover: optional (blank: none, the list shows a text card). An imported post that showed no image
 * arrives without one rather than with the site's social card, so the list is not a wall of identical cards.
 */
export const optionalCoverImageSchema = z
  .string({ error: COVER_IMAGE_MESSAGE })
  .trim()
  .max(TEXT_LIMITS.url, `Cover image must be at most ${TEXT_LIMITS.url} characters`)
  .refine((value) => value === '' || isValidImageReference(value), COVER_IMAGE_MESSAGE)
  .default('');
export const artImageSchema = imageReferenceSchema('Image', 'Image must be a valid URL or uploaded file path');
