import { isHeicFile, UPLOAD_ERRORS } from '../../../domain/images.js';
import { MAX_UPLOAD_BYTES } from '../../../domain/limits.js';

export type UploadedImage = { path: string; filename: string };

/** A refused upload: a toast title and text; `status` is the HTTP status when the server refused it. */
export class UploadError extends Error {
  constructor(
    readonly title: string,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export const UPLOAD_FAILED_TITLE = 'Upload failed';
const UPLOAD_FAILED_FALLBACK = 'Failed to upload image';
export const ADMIN_AUTH_REQUIRED = 'Admin authentication required';

/** The client-side checks before anything is sent; null when the file may be uploaded. */
export function checkImageFile(
  file: Pick<File, 'type' | 'size'> & { name?: string },
): { title: string; message: string } | null {
  if (!file.type.startsWith('image/') && !isHeicFile(file)) return UPLOAD_ERRORS.invalidType;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_ERRORS.tooLarge;
  return null;
}

function errorTextOf(xhr: XMLHttpRequest): string {
  try {
    const body = JSON.parse(xhr.responseText) as { error?: unknown };
    if (typeof body.error === 'string' && body.error.trim()) return body.error;
  } catch {
    // not JSON
  }
  return UPLOAD_FAILED_FALLBACK;
}

/**
 * POST /api/upload as multipart (field `image`) with the admin key as bearer token, through
 * XMLHttpRequest so the upload's progress can be shown (0–100).
 */
/**
 * POSTs one file as multipart/form-data with the admin key, reporting progress; resolves with
 * the JSON answer of a 200/201, rejects with the server's `{ error }` text otherwise.
 */
export function postFile(
  url: string,
  field: string,
  file: File,
  adminKey: string,
  onProgress: (percent: number) => void,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Authorization', `Bearer ${adminKey}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status === 201 || xhr.status === 200) {
        try {
          resolve(JSON.parse(xhr.responseText));
        } catch {
          reject(new UploadError(UPLOAD_FAILED_TITLE, UPLOAD_FAILED_FALLBACK, xhr.status));
        }
        return;
      }
      reject(new UploadError(UPLOAD_FAILED_TITLE, errorTextOf(xhr), xhr.status));
    };
    xhr.onerror = () => reject(new UploadError(UPLOAD_FAILED_TITLE, UPLOAD_FAILED_FALLBACK));
    xhr.onabort = () => reject(new UploadError(UPLOAD_FAILED_TITLE, UPLOAD_FAILED_FALLBACK));
    const body = new FormData();
    body.append(field, file, file.name);
    xhr.send(body);
  });
}

export async function uploadImage(
  file: File,
  adminKey: string,
  onProgress: (percent: number) => void,
): Promise<UploadedImage> {
  const body = (await postFile('/api/upload', 'image', file, adminKey, onProgress)) as Partial<UploadedImage>;
  if (typeof body.path !== 'string') throw new UploadError(UPLOAD_FAILED_TITLE, UPLOAD_FAILED_FALLBACK);
  return { path: body.path, filename: typeof body.filename === 'string' ? body.filename : file.name };
}
