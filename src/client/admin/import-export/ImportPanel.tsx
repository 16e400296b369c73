import { Alert, Button, FileInput, Group, Progress, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  IMPORT_SOURCE_LABELS,
  IMPORT_SOURCES,
  importSourceFrom,
  type ImportProgress,
  type ImportSource,
  type ImportSummary,
  type SubscriberMapping,
} from '../../../domain/import-export.js';
import { importSummaryCsv } from '../../../domain/import-summary-csv.js';
import { trpc } from '../../trpc.js';
import { DownloadIcon } from '../../ui/icons.js';
import { toast } from '../../ui/toast-store.js';
import { readAdminKey } from '../session/admin-key-store.js';
import { useAdminSession } from '../session/AdminSession.js';
import { AdminPanel } from '../ui/AdminPanel.js';
import { DownloadError } from '../ui/download-file.js';
import { ConsentChoice, consentAnswered, type ConsentAnswer } from './ConsentChoice.js';
import { MappingEditor } from './MappingEditor.js';
import { sendImport } from './import-request.js';
import { SummaryView } from './SummaryView.js';

const ACCEPTS: Record<ImportSource, string> = {
  wordpress: '.xml,text/xml,application/xml',
  ghost: '.json,application/json',
  substack: '.zip,application/zip',
  subscribers: '.csv,text/csv',
  site: '.zip,application/zip',
};

/** The sources whose posts show images: a zip of them may go beside the export. */
const MEDIA_SOURCES = new Set<ImportSource>(['wordpress', 'ghost', 'substack']);
const MEDIA_HINT: Partial<Record<ImportSource, string>> = {
  wordpress: 'Optional: a zip of wp-content/uploads, for images whose old host no longer answers',
  ghost: 'Optional: a zip of content/images from your Ghost server (Ghost’s JSON export holds no images)',
  substack: 'Optional: a zip of the posts’ images, matched by file name',
};

type Stage = 'idle' | 'checking' | 'checked' | 'importing' | 'done';

/** Saves the summary as a CSV file through a temporary link. */
function downloadSummary(summary: ImportSummary): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', importSummaryCsv(summary)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `import-${summary.source}-${new Date().toISOString().slice(0, 10)}.csv`;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Settings → Import: pick the source and the file, see the dry run, then import with a progress bar. */
export function ImportPanel() {
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
      const result = await sendImport({
        source,
        file,
        media: MEDIA_SOURCES.has(source) ? media : null,
        dryRun,
        mapping: source === 'subscribers' ? chosenMapping : null,
        consent:
          source === 'subscribers' && consent.choice && consentAnswered(consent)
            ? { ...consent, choice: consent.choice }
            : null,
        adminKey: key,
        onProgress: setProgress,
      });
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

  // A list with no status column waits for the author to say where its people agreed (or to import them unmailed).
  const asksConsent = summary?.dryRun === true && (summary.consent?.rows ?? 0) > 0 && summary.consent?.required;
  const consentMissing = Boolean(asksConsent) && !consentAnswered(consent);
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <AdminPanel
      id="import"
      title="Import"
      description="Bring in a blog from WordPress, Ghost or Substack, or a mailing list from Mailchimp, MailerLite, Kit or any CSV with an email column. A dry run shows what would happen first; importing the same file twice creates nothing new."
    >
      <Select
        label="Source"
        data={IMPORT_SOURCES.map((value) => ({ value, label: IMPORT_SOURCE_LABELS[value] }))}
        value={source}
        allowDeselect={false}
        disabled={busy}
        onChange={(value) => reset({ source: importSourceFrom(value) ?? 'wordpress', file: null, media: null })}
      />
      <FileInput
        label="Export file"
        placeholder="Choose the file"
        accept={ACCEPTS[source]}
        value={file}
        clearable
        disabled={busy}
        onChange={(chosen) => reset({ file: chosen })}
      />
      {MEDIA_SOURCES.has(source) && (
        <FileInput
          label="Media archive"
          description={MEDIA_HINT[source]}
          placeholder="Choose a .zip (optional)"
          accept=".zip,application/zip"
          value={media}
          clearable
          disabled={busy}
          onChange={(chosen) => reset({ media: chosen })}
        />
      )}
      {error && (
        <Alert color="red" variant="light" title="Not imported" role="alert">
          {error}
        </Alert>
      )}
      {summary?.headers && mapping && stage !== 'done' && (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            Columns read from the file{summary.service ? ` (${summary.service})` : ''}
          </Text>
          <MappingEditor
            headers={summary.headers}
            mapping={mapping}
            disabled={busy}
            onChange={(changed) => {
              setMapping(changed);
              void run(true, changed);
            }}
          />
        </Stack>
      )}
      {asksConsent && stage !== 'done' && (
        <ConsentChoice rows={summary.consent!.rows} answer={consent} onChange={setConsent} disabled={busy} />
      )}
      {summary && <SummaryView summary={summary} consentChoice={consent.choice} />}
      {stage === 'importing' && (
        <Stack gap={4}>
          <Progress value={percent} size="lg" animated aria-label="Import progress" />
          <Text size="sm" c="dimmed" aria-live="polite">
            {progress ? `${progress.done} of ${progress.total} steps` : 'Checking the file again…'}
          </Text>
        </Stack>
      )}
      <Group justify="flex-end">
        {stage === 'done' && summary && (
          <Button variant="default" leftSection={<DownloadIcon size={16} />} onClick={() => downloadSummary(summary)}>
            Download the summary (CSV)
          </Button>
        )}
        {stage !== 'done' && (
          <Button variant="default" disabled={!file || busy} onClick={() => void run(true)}>
            {stage === 'checking' ? 'Checking…' : 'Dry run'}
          </Button>
        )}
        {(stage === 'checked' || stage === 'importing') && (
          <Button disabled={busy || !summary || consentMissing} onClick={() => void run(false)}>
            {stage === 'importing' ? 'Importing…' : 'Import'}
          </Button>
        )}
        {stage === 'done' && (
          <Button variant="default" onClick={() => reset({ file: null, media: null })}>
            Import another file
          </Button>
        )}
      </Group>
    </AdminPanel>
  );
}
