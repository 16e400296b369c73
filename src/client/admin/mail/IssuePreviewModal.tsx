import { Code, Modal, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { trpc } from '../../trpc.js';
import { LoadError } from '../ui/ListStates.js';

/** The email exactly as sent: the HTML part in a sandboxed frame, the text part, subject and headers. */
export function IssuePreviewModal({ issueId, onClose }: { issueId: string | null; onClose: () => void }) {
  const preview = trpc.mail.preview.useQuery({ id: issueId ?? '' }, { enabled: issueId !== null, gcTime: 0 });
  return (
    <Modal
      opened={issueId !== null}
      onClose={onClose}
      title="Preview: the email as sent"
      size="xl"
      radius="md"
      closeButtonProps={{ 'aria-label': 'Close preview' }}
    >
      {preview.isPending ? (
        <Skeleton height={400} aria-label="Loading the preview" />
      ) : preview.isError ? (
        <LoadError title="Could not render the preview" error={preview.error} onRetry={() => void preview.refetch()} />
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            <Text span fw={600}>
              Subject:{' '}
            </Text>
            <span data-testid="preview-subject">{preview.data.subject}</span>
          </Text>
          <Tabs defaultValue="html" keepMounted={false}>
            <Tabs.List aria-label="Parts of the email">
              <Tabs.Tab value="html">HTML</Tabs.Tab>
              <Tabs.Tab value="text">Plain text</Tabs.Tab>
              <Tabs.Tab value="headers">Headers</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="html" pt="sm">
              <iframe
                title="HTML part of the email"
                sandbox=""
                srcDoc={preview.data.html}
                style={{ width: '100%', height: '60vh', border: 0, borderRadius: 6 }}
              />
            </Tabs.Panel>
            <Tabs.Panel value="text" pt="sm">
              <Code
                block
                data-testid="preview-text"
                style={{ whiteSpace: 'pre-wrap', maxHeight: '60vh', overflow: 'auto' }}
              >
                {preview.data.text}
              </Code>
            </Tabs.Panel>
            <Tabs.Panel value="headers" pt="sm">
              <Code block style={{ whiteSpace: 'pre-wrap' }}>
                {Object.entries(preview.data.headers)
                  .map(([name, value]) => `${name}: ${value}`)
                  .join('\n')}
              </Code>
            </Tabs.Panel>
          </Tabs>
          <Text size="xs" c="dimmed">
            Each subscriber gets their own unsubscribe link; the preview shows a sample one.
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
