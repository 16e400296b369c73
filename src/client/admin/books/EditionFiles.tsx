import { Button, FileButton, Group, List, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { EDITION_FILE_INFO, FILE_KINDS_BY_EDITION, type SellableEditionFormat } from '../../../domain/edition-files.js';
import { trpc } from '../../trpc.js';
import { postFile } from '../forms/upload-image.js';
import { useAdminSession } from '../session/AdminSession.js';
import { readAdminKey } from '../session/admin-key-store.js';

const ACCEPT: Record<SellableEditionFormat, string> = {
  ebook: '.epub,.pdf,.mobi,.azw3',
  audiobook: '.mp3,.m4b,.m4a',
};

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The files an edition delivers when sold direct: upload (checked on the server: an EPUB's container,
 * OPF and mimetype; every file's type by its content), what the check found, and removal.
 */
export function EditionFiles({ bookId, editionFormat }: { bookId: string; editionFormat: SellableEditionFormat }) {
  const utils = trpc.useUtils();
  const session = useAdminSession();
  const files = trpc.editionFiles.list.useQuery({ bookId, editionFormat });
  const [progress, setProgress] = useState<number | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const remove = trpc.editionFiles.remove.useMutation({ onSuccess: () => utils.editionFiles.list.invalidate() });
  const kinds = FILE_KINDS_BY_EDITION[editionFormat] ?? [];
  const limit = Math.max(...kinds.map((kind) => EDITION_FILE_INFO[kind].maxBytes));

  async function upload(file: File | null) {
    if (!file) return;
    setProblems([]);
    if (file.size > limit) {
      setProblems([`${file.name} is larger than ${formatSize(limit)}.`]);
      return;
    }
    const key = readAdminKey();
    if (!key) return session.expire();
    setProgress(0);
    try {
      await postFile(`/api/admin/books/${bookId}/editions/${editionFormat}/files`, 'file', file, key, setProgress);
      await utils.editionFiles.list.invalidate();
    } catch (error) {
      // The server lists each problem it found, separated by "; ".
      setProblems((error instanceof Error ? error.message : 'The upload failed').split('; '));
    } finally {
      setProgress(null);
    }
  }

  const label = editionFormat === 'audiobook' ? 'audiobook' : 'ebook';
  return (
    <Stack gap={4} mt="sm">
      <Text size="xs" fw={600} c="dimmed">
        Files to sell direct
      </Text>
      {(files.data ?? []).length === 0 ? (
        <Text size="sm" c="dimmed">
          No file yet: upload the {label} readers get when they buy it here.
        </Text>
      ) : (
        <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label={`Files of the ${label}`}>
          {(files.data ?? []).map((file) => (
            <Group component="li" key={file.id} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <strong>{file.kind.toUpperCase()}</strong> · {file.filename} · {formatSize(file.bytes)} ·{' '}
                <span>✓ {file.checked.summary}</span>
                {file.checked.warnings.map((warning) => (
                  <Text component="span" size="xs" c="yellow.4" display="block" key={warning}>
                    {warning}
                  </Text>
                ))}
              </Text>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                style={{ flexShrink: 0 }}
                aria-label={`Remove ${file.filename}`}
                onClick={() => remove.mutate({ id: file.id })}
              >
                Remove
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <Group gap="xs">
        <FileButton onChange={(file) => void upload(file)} accept={ACCEPT[editionFormat]}>
          {(props) => (
            <Button {...props} variant="default" size="xs" disabled={progress !== null}>
              {progress !== null ? `Uploading ${progress}%` : 'Upload a file'}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {kinds.map((kind) => EDITION_FILE_INFO[kind].label).join(', ')}; up to {formatSize(limit)}.
        </Text>
      </Group>
      {progress !== null && <Progress value={progress} aria-label="Upload progress" />}
      {problems.length > 0 && (
        <List size="sm" c="red.4" role="alert">
          {problems.map((problem) => (
            <List.Item key={problem}>{problem}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
