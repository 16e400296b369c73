import '@mantine/dropzone/styles.css';
import { Box, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { Dropzone, type FileRejection, type FileWithPath } from '@mantine/dropzone';
import { useId, useState, type ReactNode } from 'react';
import { isValidImageReference } from '../../../domain/images.js';
import { MAX_UPLOAD_MB } from '../../../domain/limits.js';
import classes from '../admin.module.css';
import { AlertIcon, CheckIcon, PhotoIcon, UploadIcon } from '../../ui/icons.js';
import { useImageFieldUpload, type UploadFeedback } from './use-image-field-upload.js';

/** Any image, and HEIC/HEIF photos by name too: browsers often give them no type (the server stores them as JPEG). */
const IMAGE_PICKER_ACCEPT = { 'image/*': [], 'image/heic': ['.heic'], 'image/heif': ['.heif'] };

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
 * An image reference field: type a URL (https://…) or an uploaded path, or upload a file. The
 * drop zone is the one upload control: drop a file on it, click it, or focus it and press
 * Enter or Space; the chosen file uploads at once (there is no second step), shows its progress,
 * then fills the field with the returned /objects/… path and previews it. The outcome is said
 * right under the zone (a live region), not in a toast that could cover the next field.
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
  const upload = useImageFieldUpload(onChange);
  const [previewFailed, setPreviewFailed] = useState<string | null>(null);
  const showPreview = value.trim() !== '' && isValidImageReference(value.trim()) && previewFailed !== value;

  return (
    <Stack gap={6}>
      <TextInput
        label={label}
        description={description ?? 'Paste an image link (https://…) or upload a file below.'}
        withAsterisk={withAsterisk}
        value={value}
        onChange={(event) => {
          upload.clearFeedback();
          onChange(event.currentTarget.value);
        }}
        onFocus={onFocus}
        onBlur={onBlur}
        error={error}
        placeholder="https://… or /objects/…"
        autoComplete="off"
        spellCheck={false}
      />
      <Group align="stretch" gap="sm" wrap="wrap">
        <ImageDropzone label={label} uploading={upload.uploading} onFile={(file) => void upload.handleFile(file)} />
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
      <UploadStatus label={label} progress={upload.progress} feedback={upload.feedback} />
    </Stack>
  );
}

/** The one upload control: drop a file on it, click it, or focus it and press Enter or Space. */
function ImageDropzone({
  label,
  uploading,
  onFile,
}: {
  label: string;
  uploading: boolean;
  onFile: (file: File | undefined) => void;
}) {
  const hintId = useId();
  const onDrop = (files: FileWithPath[]) => onFile(files[0]);
  // Refused by the picker's accept filter (e.g. a .txt): run the same checks, so the message is ours.
  const onReject = (rejections: FileRejection[]) => onFile(rejections[0]?.file);
  return (
    <Dropzone
      className={classes.dropzone}
      onDrop={onDrop}
      onReject={onReject}
      accept={IMAGE_PICKER_ACCEPT}
      multiple={false}
      disabled={uploading}
      useFsAccessApi={false}
      radius="md"
      p="md"
      style={{ flex: '1 1 240px' }}
      role="button"
      aria-label={`Choose an image for ${label.toLowerCase()}`}
      aria-describedby={hintId}
      aria-disabled={uploading}
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
            Choose an image or drop it here
          </Text>
          <Text size="xs" c="dimmed" id={hintId}>
            It uploads at once and fills the field above. PNG, JPEG, GIF, WebP, AVIF or HEIC, up to {MAX_UPLOAD_MB} MB
            (large photos are scaled down; HEIC is stored as JPEG).
          </Text>
        </div>
      </Group>
    </Dropzone>
  );
}

/** The live region under the drop zone: the upload's progress, then its outcome. */
function UploadStatus({
  label,
  progress,
  feedback,
}: {
  label: string;
  progress: number | null;
  feedback: UploadFeedback | null;
}) {
  const FeedbackIcon = feedback?.ok ? CheckIcon : AlertIcon;
  return (
    <div aria-live="polite">
      {progress !== null && (
        <Box>
          <Text size="xs" c="dimmed" mb={4}>
            Uploading… {progress}%
          </Text>
          <Progress value={progress} size="sm" animated aria-label="Upload progress" />
        </Box>
      )}
      {feedback && (
        <Group
          gap="xs"
          wrap="nowrap"
          align="flex-start"
          role={feedback.ok ? 'status' : 'alert'}
          aria-label={`${label} upload`}
          className={feedback.ok ? classes.uploadDone : classes.uploadFailed}
        >
          <FeedbackIcon size={18} />
          <Text size="sm">
            <strong>{feedback.title}</strong> — {feedback.text}
          </Text>
        </Group>
      )}
    </div>
  );
}
