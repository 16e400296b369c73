export type CsvExportName = 'contact' | 'newsletter' | 'preorders';

/** A failed download: the HTTP status (null when the request never got an answer) and the server's message. */
export class CsvDownloadError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

const FALLBACK_MESSAGE = 'Failed to download the CSV file. Please try again.';

async function errorMessageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === 'string' && body.error.trim()) return body.error;
  } catch {
    // not JSON
  }
  return FALLBACK_MESSAGE;
}

/** The file name from Content-Disposition (`attachment; filename="…"`), or a fallback. */
function fileNameFrom(contentDisposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/i.exec(contentDisposition ?? '');
  return match?.[1] ?? fallback;
}

/**
 * GET /api/admin/{name}.csv with the admin key as bearer token, then hands the file to the
 * browser: Blob → object URL → a temporary <a download>. Resolves with the file name.
 */
export async function downloadCsv(name: CsvExportName, adminKey: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`/api/admin/${name}.csv`, {
      headers: { authorization: `Bearer ${adminKey}` },
      credentials: 'include',
      cache: 'no-store',
    });
  } catch {
    throw new CsvDownloadError(null, FALLBACK_MESSAGE);
  }
  if (!response.ok) throw new CsvDownloadError(response.status, await errorMessageOf(response));

  const fileName = fileNameFrom(response.headers.get('content-disposition'), `${name}.csv`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}
