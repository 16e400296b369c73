import { z } from 'zod';
import { BOOK_STATUSES, MAX_BOOK_ORDER } from './books.js';
import { enumField, optionalText, requiredText } from './fields.schema.js';
import { coverImageSchema } from './images.schema.js';
import { TEXT_LIMITS } from './limits.js';

export const bookInputSchema = z.object({
  title: requiredText('Title', TEXT_LIMITS.title),
  description: requiredText('Description', TEXT_LIMITS.description),
  coverImage: coverImageSchema,
  status: enumField('Status', BOOK_STATUSES),
  price: optionalText('Price', TEXT_LIMITS.price),
  order: z
    .number({ error: 'Order must be a whole number' })
    .int('Order must be a whole number')
    .min(-MAX_BOOK_ORDER, `Order must be between -${MAX_BOOK_ORDER} and ${MAX_BOOK_ORDER}`)
    .max(MAX_BOOK_ORDER, `Order must be between -${MAX_BOOK_ORDER} and ${MAX_BOOK_ORDER}`),
});
export type BookInput = z.input<typeof bookInputSchema>;
export type BookData = z.output<typeof bookInputSchema>;
export type Book = BookData & { id: string };
