import { Alert, Loader, Text } from '@mantine/core';
import { AlertIcon } from '../../ui/icons.js';
import reading from '../../pages/reading.module.css';
import classes from './editor.module.css';
import type { useContentPreview } from './use-content-preview.js';

/** The preview tab's body: nothing yet, rendering, the server's HTML in the reading styles, or why it failed. */
export function MarkdownPreview({ value, preview }: { value: string; preview: ReturnType<typeof useContentPreview> }) {
  if (value.trim() === '') return <Text c="dimmed">Nothing to preview yet.</Text>;
  if (preview.html === null && preview.error === null)
    return (
      <Text c="dimmed" className={classes.previewLoading}>
        <Loader size="xs" type="dots" /> Rendering the preview…
      </Text>
    );
  return (
    <>
      {preview.error && (
        <Alert color="red" variant="light" icon={<AlertIcon size={18} />} title="Preview failed" role="alert" mb="md">
          {preview.error}
        </Alert>
      )}
      {preview.html !== null && (
        // The server's renderer: raw HTML in the text is escaped, links and images are filtered. The public
        // pages' reading styles (headings, links, quotes, scene breaks, footnotes, drop cap) show it as readers will.
        <div
          className={`${reading.body} ${reading.prose} ${reading.dropCap} ${classes.previewBody}`}
          dangerouslySetInnerHTML={{ __html: preview.html }}
        />
      )}
    </>
  );
}
