import { z } from 'zod';
import { CONTENT_FORMATS, DEFAULT_CONTENT_FORMAT } from './content-format.js';
import { enumField } from './fields.schema.js';
import { TEXT_LIMITS } from './limits.js';

/** The editor's preview request: the text being written (same bound as a stored content) and how to read it. */
export const contentPreviewInputSchema = z.object({
  content: z
    .string({ error: 'Content must be text' })
    .max(TEXT_LIMITS.content, `Content must be at most ${TEXT_LIMITS.content} characters`),
  format: enumField('Format', CONTENT_FORMATS).default(DEFAULT_CONTENT_FORMAT),
});
