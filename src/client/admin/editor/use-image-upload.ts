import { useCallback, useRef, useState } from 'react';
import { toast } from '../../ui/toast-store.js';
import {
  ADMIN_AUTH_REQUIRED,
  checkImageFile,
  UPLOAD_FAILED_TITLE,
  UploadError,
  uploadImage,
} from '../forms/upload-image.js';
import { useAdminSession } from '../session/AdminSession.js';
import { readAdminKey } from '../session/admin-key-store.js';

/** One image on its way into the text: uploading (progress), uploaded (path), or failed (message). */
export type ImageUpload = {
  /** Tells this upload's answers from those of one cancelled before it. */
  id: number;
  fileName: string;
  /** 0–100 while the bytes go up; 100 once sent, before the server's answer. */
  progress: number;
  path: string | null;
  error: string | null;
};

/**
 * Sends an image picked, dropped or pasted into the editor through the site's upload pipeline (POST /api/upload:
 * re-encoded without metadata, with its responsive variants). A file refused before sending (not an image, too
 * large) is only a toast; once sent, the upload's state is what the alt-text dialog shows.
 */
export function useImageUpload() {
  const session = useAdminSession();
  const [upload, setUpload] = useState<ImageUpload | null>(null);
  const lastId = useRef(0);

  const start = useCallback(
    (file: File): boolean => {
      const refusal = checkImageFile(file);
      if (refusal) {
        toast({ title: refusal.title, description: refusal.message, variant: 'destructive' });
        return false;
      }
      const key = readAdminKey();
      if (!key) {
        toast({ title: UPLOAD_FAILED_TITLE, description: ADMIN_AUTH_REQUIRED, variant: 'destructive' });
        return false;
      }
      const id = ++lastId.current;
      setUpload({ id, fileName: file.name || 'pasted image', progress: 0, path: null, error: null });
      // A cancelled upload still finishes on the server (the unused-uploads cleanup finds it); its answers are dropped.
      const update = (change: Partial<ImageUpload>) =>
        setUpload((current) => (current?.id === id ? { ...current, ...change } : current));
      uploadImage(file, key, (progress) => update({ progress })).then(
        (uploaded) => update({ progress: 100, path: uploaded.path }),
        (error: unknown) => {
          const failure =
            error instanceof UploadError ? error : new UploadError(UPLOAD_FAILED_TITLE, 'Failed to upload image');
          update({ error: failure.message });
          if (failure.status === 401) session.expire();
        },
      );
      return true;
    },
    [session],
  );

  const reset = useCallback(() => setUpload(null), []);

  return { upload, start, reset };
}
