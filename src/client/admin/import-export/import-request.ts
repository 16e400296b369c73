import {
  IMPORT_PATH,
  type ImportProgress,
  type ImportSource,
  type ImportSummary,
  type ConsentChoice,
  type SubscriberMapping,
} from '../../../domain/import-export.js';
import { DownloadError } from '../ui/download-file.js';

type ImportRequest = {
  source: ImportSource;
  file: File;
  /** A zip of the blog's images, sent beside the export (WordPress, Ghost, Substack). */
  media?: File | null;
  dryRun: boolean;
  mapping?: SubscriberMapping | null;
  /** A list with no status column: what the author said of consent. */
  consent?: { choice: ConsentChoice; source: string } | null;
  adminKey: string;
  onProgress?: (progress: ImportProgress) => void;
};

const FAILED = 'The import could not be sent. Please try again.';

/**
 * POSTs the file to the import endpoint with the admin key. The import itself asks for the streamed answer
 * (progress lines, then the summary), so its progress bar moves as posts are written.
 */
export async function sendImport({
  source,
  file,
  media,
  dryRun,
  mapping,
  consent,
  adminKey,
  onProgress,
}: ImportRequest) {
  const body = new FormData();
  if (mapping) body.append('mapping', JSON.stringify(mapping));
  if (consent) {
    body.append('consent', consent.choice);
    if (consent.choice === 'given') body.append('consentSource', consent.source.trim());
  }
  body.append('file', file);
  if (media) body.append('media', media);
  const query = `source=${source}${dryRun ? '&dryRun=1' : ''}`;
  let response: Response;
  try {
    response = await fetch(`${IMPORT_PATH}?${query}`, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${adminKey}`, accept: 'application/x-ndjson, application/json' },
      credentials: 'include',
    });
  } catch {
    throw new DownloadError(null, FAILED);
  }
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { error?: string };
    throw new DownloadError(response.status, answer.error ?? FAILED);
  }
  if (!response.headers.get('content-type')?.includes('ndjson')) return (await response.json()) as ImportSummary;
  return readProgressStream(response, onProgress);
}

async function readProgressStream(response: Response, onProgress?: (progress: ImportProgress) => void) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffered += value;
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (!line) continue;
      const message = JSON.parse(line) as { progress?: ImportProgress; summary?: ImportSummary; error?: string };
      if (message.progress) onProgress?.(message.progress);
      if (message.summary) return message.summary;
      if (message.error) throw new DownloadError(500, message.error);
    }
    if (done) throw new DownloadError(null, FAILED);
  }
}
