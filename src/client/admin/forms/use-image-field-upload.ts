import { useState } from 'react';
import { useAdminSession } from '../session/AdminSession.js';
import { readAdminKey } from '../session/admin-key-store.js';
import { ADMIN_AUTH_REQUIRED, checkImageFile, UPLOAD_FAILED_TITLE, UploadError, uploadImage } from './upload-image.js';

/** The outcome of the last upload, shown under the drop zone until the next one or an edit. */
export type UploadFeedback = { ok: boolean; title: string; text: string };

/**
 * An image field's upload: a file picked or dropped is checked, sent with the admin key (its progress in
 * percent while it goes up), and its returned path given to `onChange`; the outcome, success or refusal, is
 * the feedback the field shows. One upload at a time: a file chosen while one is going up is ignored.
 */
export function useImageFieldUpload(onChange: (value: string) => void) {
  const session = useAdminSession();
  const [progress, setProgress] = useState<number | null>(null);
  const [feedback, setFeedback] = useState<UploadFeedback | null>(null);
  const uploading = progress !== null;

  async function handleFile(file: File | undefined) {
    if (!file || uploading) return;
    setFeedback(null);
    const refusal = checkImageFile(file);
    if (refusal) {
      setFeedback({ ok: false, title: refusal.title, text: refusal.message });
      return;
    }
    const key = readAdminKey();
    if (!key) {
      setFeedback({ ok: false, title: UPLOAD_FAILED_TITLE, text: ADMIN_AUTH_REQUIRED });
      return;
    }
    setProgress(0);
    try {
      const uploaded = await uploadImage(file, key, setProgress);
      onChange(uploaded.path);
      setFeedback({ ok: true, title: 'Upload successful', text: `Uploaded ${uploaded.filename}` });
    } catch (error) {
      const failure =
        error instanceof UploadError ? error : new UploadError(UPLOAD_FAILED_TITLE, 'Failed to upload image');
      setFeedback({ ok: false, title: failure.title, text: failure.message });
      if (failure.status === 401) session.expire({ notify: false });
    } finally {
      setProgress(null);
    }
  }

  return { progress, uploading, feedback, clearFeedback: () => setFeedback(null), handleFile };
}
