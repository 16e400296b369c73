import { z } from 'zod';
import { requiredText, textWithEmptyDefault } from './fields.schema.js';
import { TEXT_LIMITS } from './limits.js';

export const seriesInputSchema = z.object({
  name: requiredText('Series name', TEXT_LIMITS.title),
  description: textWithEmptyDefault('Series description', TEXT_LIMITS.description),
  readingOrderNote: textWithEmptyDefault('Reading-order note', TEXT_LIMITS.description),
});
export type SeriesInput = z.input<typeof seriesInputSchema>;
export type SeriesData = z.output<typeof seriesInputSchema>;
export type Series = SeriesData & { id: string };
