import { Box, Input, SimpleGrid, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { trpc } from '../../trpc.js';
import { emailFrameDocument } from './email-frame.js';

const PREVIEW_DELAY_MS = 300;

type IssueBodyFieldProps = {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
};

/**
 * The issue's body: Markdown with a live preview rendered by the server exactly as the email
 * shows it. The one place the body is edited, so the shared Markdown editor can replace it.
 */
export function IssueBodyField({ value, onChange, error }: IssueBodyFieldProps) {
  const [debounced] = useDebouncedValue(value, PREVIEW_DELAY_MS);
  const render = trpc.mail.previewBody.useMutation();
  const [html, setHtml] = useState('');
  const { mutate } = render;

  useEffect(() => {
    mutate({ body: debounced }, { onSuccess: (result) => setHtml(result.html) });
  }, [debounced, mutate]);

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Textarea
        label="Body"
        description="Markdown: **bold**, *italic*, [link](https://…), ## heading, - list, ![image](https://…)"
        autosize
        minRows={12}
        maxRows={30}
        value={value}
        error={error}
        onChange={(event) => onChange(event.currentTarget.value)}
        styles={{ input: { fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 14 } }}
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
