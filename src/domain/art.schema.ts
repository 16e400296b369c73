import { z } from 'zod';
import { ART_TYPES } from './art.js';
import { enumField, requiredText, textWithEmptyDefault } from './fields.schema.js';
import { artImageSchema } from './images.schema.js';
import { TEXT_LIMITS } from './limits.js';

export const artPieceInputSchema = z.object({
  title: requiredText('Title', TEXT_LIMITS.title),
  description: textWithEmptyDefault('Description', TEXT_LIMITS.description),
  imageUrl: artImageSchema,
  artist: requiredText('Artist', TEXT_LIMITS.name),
  type: enumField('Type', ART_TYPES),
});
export type ArtPieceInput = z.input<typeof artPieceInputSchema>;
export type ArtPieceData = z.output<typeof artPieceInputSchema>;
export type ArtPiece = ArtPieceData & { id: string };
