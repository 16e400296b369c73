import { z } from 'zod';
import { enumField, requiredText, textWithEmptyDefault } from './fields.js';
import { artImageSchema } from './images.js';
import { TEXT_LIMITS } from './limits.js';

export const ART_TYPES = ['official', 'fan'] as const;
export type ArtType = (typeof ART_TYPES)[number];
export const DEFAULT_ART_TYPE: ArtType = 'official';
export const ART_TYPE_LABELS: Record<ArtType, string> = { official: 'Official', fan: 'Fan Art' };

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
