import { useState } from 'react';
import { toast } from '../../ui/toast-store.js';
import { useAdminSession } from '../session/AdminSession.js';
import { readAdminKey } from '../session/admin-key-store.js';
import { DownloadError } from './download-file.js';

type AdminDownload = {
  /** Fetches the file with the admin key and saves it; resolves with the file's name. */
  download: (key: string) => Promise<string>;
  successTitle: string;
  failureTitle: string;
  failureMessage: string;
  onDone?: () => Promise<unknown>;
};

/**
 * A file the admin downloads (a CSV export, a backup): a missing key or a 401 ends the session
 * like any admin call; otherwise a toast says the file is saving, or why it failed.
 */
export function useAdminDownload({ download, successTitle, failureTitle, failureMessage, onDone }: AdminDownload) {
  const session = useAdminSession();
  const [downloading, setDownloading] = useState(false);

  async function start(): Promise<void> {
    const key = readAdminKey();
    if (!key) {
      session.expire();
      return;
    }
    setDownloading(true);
    try {
      const fileName = await download(key);
      toast({ title: successTitle, description: `Saving ${fileName}` });
      await onDone?.();
    } catch (error) {
      if (error instanceof DownloadError && error.status === 401) session.expire();
      else {
        const description = (error instanceof Error && error.message) || failureMessage;
        toast({ title: failureTitle, description, variant: 'destructive' });
      }
    } finally {
      setDownloading(false);
    }
  }

  return { downloading, start };
}
