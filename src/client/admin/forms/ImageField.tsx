import '@mantine/dropzone/styles.css';
import { Box, Button, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { Dropzone, type FileRejection, type FileWithPath } from '@mantine/dropzone';
import { useRef, useState, type ReactNode } from 'react';
import { isValidImageReference } from '../../../domain/images.js';
import { toast } from '../../ui/toast-store.js';
import classes from '../admin.module.css';
import { useAdminSession } from '../session/AdminSession.js';
import { readAdminKey } from '../session/admin-key-store.js';
import { PhotoIcon, UploadIcon } from '../../ui/icons.js';
import { ADMIN_AUTH_REQUIRED, checkImageFile, UPLOAD_FAILED_TITLE, UploadError, uploadImage } from './upload-image.js';

type ImageFieldProps = {
  label: string;
  description?: string;
  withAsterisk?: boolean;
  /** From form.getInputProps(path). */
  value?: string;
  onChange: (value: string) => void;
  onFocus?: () => void;
  onBlur?: () => void;
  error?: ReactNode;
};

/**
 * An image reference field: type a URL (https://…) or an uploaded path, or upload a file by
 * dropping it, clicking the drop zone or pressing the "Upload image" button. Uploads show
 * their progress, then fill the field with the returned /objects/… path and preview it.
 */
export function ImageField({
  label,
  description,
  withAsterisk,
  value = '',
  onChange,
  onFocus,
  onBlur,
  error,
}: ImageFieldProps) {
  const session = useAdminSession();
  const openFileDialog = useRef<() => void>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [previewFailed, setPreviewFailed] = useState<string | null>(null);
  const uploading = progress !== null;

  async function handleFile(file: File | undefined) {
    if (!file || uploading) return;
    const refusal = checkImageFile(file);
    if (refusal) {
      toast({ title: refusal.title, description: refusal.message, variant: 'destructive' });
      return;
    }
    const key = readAdminKey();
    if (!key) {
      toast({ title: UPLOAD_FAILED_TITLE, description: ADMIN_AUTH_REQUIRED, variant: 'destructive' });
      return;
    }
    setProgress(0);
    try {
      const uploaded = await uploadImage(file, key, setProgress);
      onChange(uploaded.path);
      toast({ title: 'Upload successful', description: `Uploaded ${uploaded.filename}` });
    } catch (error) {
      const failure =
        error instanceof UploadError ? error : new UploadError(UPLOAD_FAILED_TITLE, 'Failed to upload image');
      toast({ title: failure.title, description: failure.message, variant: 'destructive' });
      if (failure.status === 401) session.expire({ notify: false });
    } finally {
      setProgress(null);
    }
  }

  const onDrop = (files: FileWithPath[]) => void handleFile(files[0]);
  // Refused by the picker's accept filter (e.g. a .txt): run the same checks, so the message is ours.
  const onReject = (rejections: FileRejection[]) => void handleFile(rejections[0]?.file);

  const showPreview = value.trim() !== '' && isValidImageReference(value.trim()) && previewFailed !== value;

  return (
    <Stack gap={6}>
      <TextInput
        label={label}
        description={description ?? 'Paste an image link (https://…) or upload a file below.'}
        withAsterisk={withAsterisk}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onFocus={onFocus}
        onBlur={onBlur}
        error={error}
        placeholder="https://… or /objects/…"
        autoComplete="off"
        spellCheck={false}
      />
      <Group align="stretch" gap="sm" wrap="wrap">
        <Dropzone
          className={classes.dropzone}
          onDrop={onDrop}
          onReject={onReject}
          openRef={openFileDialog}
          accept={['image/*']}
          multiple={false}
          disabled={uploading}
          activateOnKeyboard={false}
          useFsAccessApi={false}
          radius="md"
          p="md"
          style={{ flex: '1 1 240px' }}
        >
          <Group justify="center" gap="sm" wrap="nowrap" mih={72} style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <UploadIcon size={32} />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <PhotoIcon size={32} />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <PhotoIcon size={32} />
            </Dropzone.Idle>
            <div>
              <Text size="sm" fw={500}>
                Drop an image here or click to choose
              </Text>
              <Text size="xs" c="dimmed">
                PNG, JPEG, GIF, WebP or AVIF, up to 5 MB
              </Text>
            </div>
          </Group>
        </Dropzone>
        {showPreview && (
          <Box style={{ flex: '0 1 180px' }}>
            <img
              src={value.trim()}
              alt={`${label} preview`}
              className={classes.uploadPreview}
              onError={() => setPreviewFailed(value)}
            />
          </Box>
        )}
      </Group>
      <Group gap="sm" wrap="wrap">
        <Button
          variant="light"
          size="xs"
          leftSection={<UploadIcon size={14} />}
          onClick={() => openFileDialog.current?.()}
          disabled={uploading}
          aria-label={`Upload image for ${label.toLowerCase()}`}
        >
          Upload image
        </Button>
        {uploading && (
          <Box style={{ flex: '1 1 160px' }}>
            <Text size="xs" c="dimmed" mb={4} aria-live="polite">
              Uploading… {progress}%
            </Text>
            <Progress value={progress} size="sm" animated aria-label="Upload progress" />
          </Box>
        )}
      </Group>
    </Stack>
  );
}
