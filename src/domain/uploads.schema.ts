import { z } from 'zod';
import { MAX_UPLOADS_PER_REMOVAL, UPLOAD_NAME_PATTERN } from './uploads.js';

const uploadNameSchema = z
  .string()
  .regex(UPLOAD_NAME_PATTERN, 'must be the name of a file in the uploads folder (letters, digits, . _ -)');

export const removeUploadsInputSchema = z.object({
  names: z
    .array(uploadNameSchema)
    .min(1, 'Name at least one upload')
    .max(MAX_UPLOADS_PER_REMOVAL, `At most ${MAX_UPLOADS_PER_REMOVAL} uploads at a time`),
});
