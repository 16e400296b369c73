import { Alert, Button, Group, Modal, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { AlertIcon } from '../../ui/icons.js';
import type { ImageUpload } from './use-image-upload.js';

const ALT_TEXT_REQUIRED = 'Alt text is required';
const ALT_TEXT_MAX = 300;

type ImageAltModalProps = {
  upload: ImageUpload | null;
  onInsert: (alt: string, path: string) => void;
  onCancel: () => void;
};

/**
 * Asks for the image's alt text while it uploads: the upload's progress or failure, the alt text (required), and
 * Insert once both are there.
 */
export function ImageAltModal({ upload, onInsert, onCancel }: ImageAltModalProps) {
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const uploadId = upload?.id;

  useEffect(() => {
    setAlt('');
    setError(null);
  }, [uploadId]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The modal is portalled, but React still bubbles its submit to the post's form.
    event.stopPropagation();
    if (!upload?.path) return;
    if (alt.trim() === '') {
      setError(ALT_TEXT_REQUIRED);
      return;
    }
    onInsert(alt.trim(), upload.path);
  };

  const uploading = upload !== null && upload.path === null && upload.error === null;
  return (
    <Modal
      opened={upload !== null}
      onClose={onCancel}
      title="Insert image"
      centered
      returnFocus={false}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {upload && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <div>
              <Text size="sm" fw={500} truncate="end">
                {upload.fileName}
              </Text>
              {upload.error ? (
                <Alert
                  color="red"
                  variant="light"
                  icon={<AlertIcon size={18} />}
                  title="Upload failed"
                  role="alert"
                  mt="xs"
                >
                  {upload.error}
                </Alert>
              ) : (
                <>
                  <Text size="xs" c="dimmed" mt={4} aria-live="polite">
                    {upload.path ? 'Uploaded' : `Uploading… ${upload.progress}%`}
                  </Text>
                  <Progress
                    value={upload.path ? 100 : upload.progress}
                    size="sm"
                    mt={4}
                    animated={uploading}
                    aria-label="Image upload progress"
                  />
                </>
              )}
            </div>
            <TextInput
              label="Alt text"
              description="Describe the image for readers who cannot see it."
              withAsterisk
              data-autofocus
              autoComplete="off"
              maxLength={ALT_TEXT_MAX}
              value={alt}
              error={error}
              disabled={upload.error !== null}
              onChange={(event) => {
                setAlt(event.currentTarget.value);
                if (error && event.currentTarget.value.trim() !== '') setError(null);
              }}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
              <Button type="submit" disabled={upload.path === null} loading={uploading}>
                Insert image
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
