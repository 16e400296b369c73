import { z } from 'zod';
import { ART_TYPES } from './art.js';
import { enumField, optionalText, requiredText, textWithEmptyDefault } from './fields.schema.js';
import { artImageSchema } from './images.schema.js';
import { TEXT_LIMITS } from './limits.js';

export const artPieceInputSchema = z.object({
  title: requiredText('Title', TEXT_LIMITS.title),
  description: textWithEmptyDefault('Description', TEXT_LIMITS.description),
  imageUrl: artImageSchema,
  artist: requiredText('Artist', TEXT_LIMITS.name),
  type: enumField('Type', ART_TYPES),
  /** Blank: not about one book. Shown on that book's page. */
  bookId: optionalText('Book', 100),
});
export type ArtPieceInput = z.input<typeof artPieceInputSchema>;
export type ArtPieceData = z.output<typeof artPieceInputSchema>;
export type ArtPiece = ArtPieceData & { id: string };
