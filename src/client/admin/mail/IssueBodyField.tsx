import { Box, Input, SimpleGrid, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState, type Ref } from 'react';
import { trpc } from '../../trpc.js';
import { MarkdownEditor, type MarkdownEditorHandle } from '../editor/MarkdownEditor.js';
import { emailFrameDocument } from './email-frame.js';

const PREVIEW_DELAY_MS = 300;

type IssueBodyFieldProps = {
  editorRef?: Ref<MarkdownEditorHandle>;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
};

/**
 * The issue's body: the admin's shared Markdown editor (toolbar, images, its own page preview),
 * beside a live preview of the email rendered by the server exactly as subscribers receive it.
 */
export function IssueBodyField({ editorRef, value, onChange, error }: IssueBodyFieldProps) {
  const [debounced] = useDebouncedValue(value, PREVIEW_DELAY_MS);
  const render = trpc.mail.previewBody.useMutation();
  const [html, setHtml] = useState('');
  const { mutate } = render;

  useEffect(() => {
    mutate({ body: debounced }, { onSuccess: (result) => setHtml(result.html) });
  }, [debounced, mutate]);

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <MarkdownEditor
        label="Body"
        editorRef={editorRef}
        value={value}
        onChange={onChange}
        error={error}
        format="markdown"
      />
      <Box>
        <Input.Label id="body-preview-label">Live preview</Input.Label>
        <Text size="xs" c="dimmed" mb={4}>
          {render.isError ? 'The preview could not be rendered.' : 'As it appears in the email.'}
        </Text>
        <iframe
          title="Live preview of the body"
          aria-labelledby="body-preview-label"
          sandbox=""
          srcDoc={emailFrameDocument(html)}
          style={{
            width: '100%',
            height: 'clamp(320px, 60vh, 640px)',
            border: '1px solid var(--mantine-color-dark-4)',
            borderRadius: 6,
          }}
        />
      </Box>
    </SimpleGrid>
  );
}
