import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { ImportProgress, ImportSummary } from '../../../domain/import-export.js';
import { importSummaryCsv } from '../../../domain/import-summary-csv.js';
import { DownloadIcon } from '../../ui/icons.js';
import { AdminPanel } from '../ui/AdminPanel.js';
import { ConsentChoice } from './ConsentChoice.js';
import { ImportSourcePicker } from './ImportSourcePicker.js';
import { MappingEditor } from './MappingEditor.js';
import { SummaryView } from './SummaryView.js';
import { useImportRun, type ImportRun } from './use-import-run.js';

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
  const importRun = useImportRun();
  const { stage, summary, mapping, consent, consentRows, busy, error } = importRun;
  return (
    <AdminPanel
      id="import"
      title="Import"
      description="Bring in a blog from WordPress, Ghost or Substack, or a mailing list from Mailchimp, MailerLite, Kit or any CSV with an email column. A dry run shows what would happen first; importing the same file twice creates nothing new."
    >
      <ImportSourcePicker importRun={importRun} />
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
          <MappingEditor headers={summary.headers} mapping={mapping} disabled={busy} onChange={importRun.remap} />
        </Stack>
      )}
      {consentRows !== null && stage !== 'done' && (
        <ConsentChoice rows={consentRows} answer={consent} onChange={importRun.setConsent} disabled={busy} />
      )}
      {summary && <SummaryView summary={summary} consentChoice={consent.choice} />}
      {stage === 'importing' && <ImportProgressBar progress={importRun.progress} />}
      <ImportActions importRun={importRun} />
    </AdminPanel>
  );
}

/** The import's progress bar, with its steps counted for screen readers. */
function ImportProgressBar({ progress }: { progress: ImportProgress | null }) {
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <Stack gap={4}>
      <Progress value={percent} size="lg" animated aria-label="Import progress" />
      <Text size="sm" c="dimmed" aria-live="polite">
        {progress ? `${progress.done} of ${progress.total} steps` : 'Checking the file again…'}
      </Text>
    </Stack>
  );
}

/** The buttons of each stage: dry run, import, then download the summary or start over. */
function ImportActions({ importRun }: { importRun: ImportRun }) {
  const { stage, summary, file, busy, consentMissing, run, reset } = importRun;
  return (
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
  );
}
