/** A failed download: the HTTP status (null when the request never got an answer) and the server's message. */
export class DownloadError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

async function errorMessageOf(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === 'string' && body.error.trim()) return body.error;
  } catch {
    // not JSON
  }
  return fallback;
}

/** The file name from Content-Disposition (`attachment; filename="…"`), or a fallback. */
function fileNameFrom(contentDisposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/i.exec(contentDisposition ?? '');
  return match?.[1] ?? fallback;
}

/**
 * GETs an admin file with the admin key as bearer token (the UI holds only a session token, so
 * a plain link cannot carry it), then hands it to the browser: Blob → object URL → a temporary
 * <a download>. Resolves with the file name.
 */
export async function downloadWithAdminKey(
  url: string,
  adminKey: string,
  { fallbackName, failureMessage }: { fallbackName: string; failureMessage: string },
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { authorization: `Bearer ${adminKey}` },
      credentials: 'include',
      cache: 'no-store',
    });
  } catch {
    throw new DownloadError(null, failureMessage);
  }
  if (!response.ok) throw new DownloadError(response.status, await errorMessageOf(response, failureMessage));

  const fileName = fileNameFrom(response.headers.get('content-disposition'), fallbackName);
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  return fileName;
}
