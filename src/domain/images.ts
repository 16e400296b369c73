export const COVER_IMAGE_MESSAGE = 'Cover image must be a valid URL or uploaded file path';

/** Uploaded files are served under this path. */
export const UPLOADED_OBJECT_PREFIX = '/objects/';

/** An image reference starts with /objects/, http:// or https://. */
export function isValidImageReference(value: string): boolean {
  return value.startsWith(UPLOADED_OBJECT_PREFIX) || value.startsWith('http://') || value.startsWith('https://');
}

/** Client-side checks before an upload (the server judges the bytes again). */
export const UPLOAD_ERRORS = {
  invalidType: { title: 'Invalid file type', message: 'Please select an image file' },
  tooLarge: { title: 'File too large', message: 'Please select an image smaller than 5MB' },
} as const;
