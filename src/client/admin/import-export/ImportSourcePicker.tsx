import { FileInput, Select } from '@mantine/core';
import {
  IMPORT_SOURCE_LABELS,
  IMPORT_SOURCES,
  importSourceFrom,
  type ImportSource,
} from '../../../domain/import-export.js';
import { MEDIA_SOURCES, type ImportRun } from './use-import-run.js';

const ACCEPTS: Record<ImportSource, string> = {
  wordpress: '.xml,text/xml,application/xml',
  ghost: '.json,application/json',
  substack: '.zip,application/zip',
  subscribers: '.csv,text/csv',
  site: '.zip,application/zip',
};

const MEDIA_HINT: Partial<Record<ImportSource, string>> = {
  wordpress: 'Optional: a zip of wp-content/uploads, for images whose old host no longer answers',
  ghost: 'Optional: a zip of content/images from your Ghost server (Ghost’s JSON export holds no images)',
  substack: 'Optional: a zip of the posts’ images, matched by file name',
};

/** What to import: the source, its export file and (for a blog) an optional zip of its images. */
export function ImportSourcePicker({ importRun }: { importRun: ImportRun }) {
  const { source, file, media, busy, reset } = importRun;
  return (
    <>
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
    </>
  );
}
