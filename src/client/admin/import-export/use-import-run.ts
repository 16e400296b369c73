import { useState } from 'react';
import type { ImportProgress, ImportSource, ImportSummary, SubscriberMapping } from '../../../domain/import-export.js';
import { trpc } from '../../trpc.js';
import { toast } from '../../ui/toast-store.js';
import { readAdminKey } from '../session/admin-key-store.js';
import { useAdminSession } from '../session/AdminSession.js';
import { DownloadError } from '../ui/download-file.js';
import { consentAnswered, type ConsentAnswer } from './ConsentChoice.js';
import { sendImport } from './import-request.js';

/** The sources whose posts show images: a zip of them may go beside the export. */
export const MEDIA_SOURCES = new Set<ImportSource>(['wordpress', 'ghost', 'substack']);

type Stage = 'idle' | 'checking' | 'checked' | 'importing' | 'done';

/** What goes beside the file for this source: the media zip for a blog; the column mapping and consent for a list. */
function sentFor(source: ImportSource, media: File | null, mapping: SubscriberMapping | null, consent: ConsentAnswer) {
  return {
    media: MEDIA_SOURCES.has(source) ? media : null,
    mapping: source === 'subscribers' ? mapping : null,
    consent:
      source === 'subscribers' && consent.choice && consentAnswered(consent)
        ? { ...consent, choice: consent.choice }
        : null,
  };
}

/**
 * A list with no status column waits for the author to say where its people agreed (or to import them unmailed):
 * the rows the dry run asks about, or null when it asks nothing.
 */
function consentRowsAsked(summary: ImportSummary | null): number | null {
  return summary?.dryRun === true && (summary.consent?.rows ?? 0) > 0 && summary.consent?.required
    ? summary.consent.rows
    : null;
}

/**
 * One import on the Import panel: the source and files chosen, the dry run and the import itself (with its
 * progress), the column mapping and consent answer a subscribers list asks for, and the summary or error.
 * Choosing another source or file starts over from 'idle'.
 */
export function useImportRun() {
  const session = useAdminSession();
  const utils = trpc.useUtils();
  const [source, setSource] = useState<ImportSource>('wordpress');
  const [file, setFile] = useState<File | null>(null);
  const [media, setMedia] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>('idle');
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const [mapping, setMapping] = useState<SubscriberMapping | null>(null);
  const [consent, setConsent] = useState<ConsentAnswer>({ choice: null, source: '' });
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = stage === 'checking' || stage === 'importing';

  function reset(next: { source?: ImportSource; file?: File | null; media?: File | null }) {
    if (next.source) setSource(next.source);
    if (next.file !== undefined) setFile(next.file);
    if (next.media !== undefined) setMedia(next.media);
    setStage('idle');
    setSummary(null);
    setMapping(null);
    setConsent({ choice: null, source: '' });
    setError(null);
    setProgress(null);
  }

  async function run(dryRun: boolean, chosenMapping = mapping) {
    const key = readAdminKey();
    if (!key) return session.expire();
    if (!file) return;
    setError(null);
    setProgress(null);
    setStage(dryRun ? 'checking' : 'importing');
    try {
      const sent = sentFor(source, media, chosenMapping, consent);
      const result = await sendImport({ source, file, dryRun, ...sent, adminKey: key, onProgress: setProgress });
      setSummary(result);
      if (result.mapping) setMapping(result.mapping);
      setStage(dryRun ? 'checked' : 'done');
      if (!dryRun) {
        await utils.invalidate();
        toast({ title: 'Import finished', description: 'The summary is below; download it as CSV to keep it.' });
      }
    } catch (caught) {
      if (caught instanceof DownloadError && caught.status === 401) return session.expire();
      setError(caught instanceof Error ? caught.message : 'The import failed.');
      setStage(dryRun ? 'idle' : 'checked');
    }
  }

  /** A column changed by the author: the dry run is done again with it. */
  function remap(changed: SubscriberMapping) {
    setMapping(changed);
    void run(true, changed);
  }

  const consentRows = consentRowsAsked(summary);
  const consentMissing = consentRows !== null && !consentAnswered(consent);

  return {
    source,
    file,
    media,
    stage,
    summary,
    mapping,
    consent,
    setConsent,
    progress,
    error,
    busy,
    consentRows,
    consentMissing,
    reset,
    run,
    remap,
  };
}

export type ImportRun = ReturnType<typeof useImportRun>;
