import {
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  GIFT_FORMAT_INFO,
  GIFT_LIMITS,
  GIFT_LINK_MAX_DOWNLOADS,
  giftInputSchema,
  MAX_GIFT_FILE_BYTES,
  type Gift,
} from '../../../domain/newsletter-gift.js';
import { trpc } from '../../trpc.js';
import { toastFailure } from '../../ui/form-feedback.js';
import { toast } from '../../ui/toast-store.js';
import { zodValidate } from '../../ui/zod-validate.js';
import { ImageField } from '../forms/ImageField.js';
import { postFile } from '../forms/upload-image.js';
import { useAdminSession } from '../session/AdminSession.js';
import { readAdminKey } from '../session/admin-key-store.js';
import { LoadError } from '../ui/ListStates.js';

type GiftValues = { title: string; description: string; coverImage: string };
const EMPTY: GiftValues = { title: '', description: '', coverImage: '' };
const ACCEPT = '.epub,.pdf,.mobi,.azw3,.mp3,.m4b,.m4a';

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function GiftFiles({ gift }: { gift: Gift }) {
  const utils = trpc.useUtils();
  const session = useAdminSession();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const removeFile = trpc.gift.deleteFile.useMutation({ onSuccess: () => utils.gift.list.invalidate() });

  async function upload(file: File | null) {
    if (!file) return;
    setFailure(null);
    if (file.size > MAX_GIFT_FILE_BYTES) {
      setFailure(`${file.name} is larger than 100 MB.`);
      return;
    }
    const key = readAdminKey();
    if (!key) return session.expire();
    setProgress(0);
    try {
      await postFile(`/api/admin/gifts/${gift.id}/files`, 'file', file, key, setProgress);
      toast({ title: 'File added', description: `${file.name} is part of “${gift.title}”.` });
      await utils.gift.list.invalidate();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The upload failed');
    } finally {
      setProgress(null);
    }
  }

  return (
    <Stack gap="xs">
      {gift.files.length === 0 ? (
        <Text size="sm" c="dimmed">
          No files yet: add the EPUB, PDF, MOBI/AZW3 or an MP3/M4B sample.
        </Text>
      ) : (
        <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label={`Files of ${gift.title}`}>
          {gift.files.map((file) => (
            <Group component="li" key={file.id} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <strong>{file.format.toUpperCase()}</strong> · {file.filename} · {formatSize(file.bytes)}
              </Text>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                aria-label={`Remove ${file.filename}`}
                onClick={() => removeFile.mutate({ id: file.id })}
              >
                Remove
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <Group gap="xs">
        <FileButton onChange={(file) => void upload(file)} accept={ACCEPT}>
          {(props) => (
            <Button {...props} variant="default" size="sm" disabled={progress !== null}>
              {progress !== null ? `Uploading ${progress}%` : 'Add a file'}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {Object.values(GIFT_FORMAT_INFO)
            .map((info) => info.extension.toUpperCase())
            .join(', ')}
          ; up to 100 MB each, checked by their content.
        </Text>
      </Group>
      {progress !== null && <Progress value={progress} aria-label="Upload progress" />}
      {failure && (
        <Text size="sm" c="red.4" role="alert">
          {failure}
        </Text>
      )}
    </Stack>
  );
}

function GiftForm({ gift, onDone }: { gift: Gift | null; onDone: () => void }) {
  const utils = trpc.useUtils();
  const save = trpc.gift.save.useMutation();
  const form = useForm<GiftValues>({
    mode: 'controlled',
    initialValues: gift ? { title: gift.title, description: gift.description, coverImage: gift.coverImage } : EMPTY,
    validate: zodValidate(giftInputSchema, (values: GiftValues) => values),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        try {
          await save.mutateAsync({ ...values, ...(gift ? { id: gift.id } : {}) });
          await utils.gift.list.invalidate();
          toast({ title: 'Gift saved', description: `“${values.title}” is saved.` });
          onDone();
        } catch (error) {
          toastFailure('Save failed', error, 'Please try again.');
        }
      })}
    >
      <Stack gap="sm">
        <TextInput label="Title" withAsterisk maxLength={GIFT_LIMITS.title} {...form.getInputProps('title')} />
        <Textarea
          label="Short text"
          description="Shown on the site, in the welcome email and on the download page."
          autosize
          minRows={2}
          maxLength={GIFT_LIMITS.description}
          {...form.getInputProps('description')}
        />
        <ImageField label="Cover" description="Optional: an uploaded image." {...form.getInputProps('coverImage')} />
        <Group gap="xs">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save gift'}
          </Button>
          <Button variant="subtle" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Admin → Mail → Gift: the gift new subscribers receive with the welcome email (a reader magnet).
 * One is active at a time; older ones are kept and can be made active again.
 */
export function GiftManager() {
  const gifts = trpc.gift.list.useQuery();
  const utils = trpc.useUtils();
  const activate = trpc.gift.activate.useMutation({ onSuccess: () => utils.gift.list.invalidate() });
  const [editing, setEditing] = useState<Gift | 'new' | null>(null);

  if (gifts.isPending) return <Text size="sm">Loading gifts...</Text>;
  if (gifts.isError)
    return <LoadError title="Could not load the gifts" error={gifts.error} onRetry={() => void gifts.refetch()} />;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" maw={560}>
          New subscribers get a personal download link in the welcome email: valid 30 days, on several devices,{' '}
          {GIFT_LINK_MAX_DOWNLOADS} downloads, then they can ask for a new one. The site shows the active gift.
        </Text>
        <Button onClick={() => setEditing('new')} disabled={editing !== null}>
          New gift
        </Button>
      </Group>
      {editing === 'new' && (
        <Paper withBorder radius="md" p="md">
          <GiftForm gift={null} onDone={() => setEditing(null)} />
        </Paper>
      )}
      {gifts.data.length === 0 && editing === null && (
        <Text size="sm" c="dimmed">
          No gift yet. Create one, add its files, then make it active.
        </Text>
      )}
      {gifts.data.map((gift) => (
        <Paper key={gift.id} withBorder radius="md" p="md" component="section" aria-label={`Gift: ${gift.title}`}>
          {editing !== 'new' && editing?.id === gift.id ? (
            <GiftForm gift={gift} onDone={() => setEditing(null)} />
          ) : (
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap="xs">
                  <Title order={3} size="h5">
                    {gift.title}
                  </Title>
                  {gift.isActive ? (
                    <Badge color="green" variant="light">
                      Active
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light">
                      Kept
                    </Badge>
                  )}
                </Group>
                <Group gap="xs">
                  <Button
                    size="sm"
                    variant="default"
                    onClick={() => setEditing(gift)}
                    aria-label={`Edit ${gift.title}`}
                  >
                    Edit
                  </Button>
                  {gift.isActive ? (
                    <Button size="sm" variant="default" onClick={() => activate.mutate({ id: null })}>
                      Stop offering it
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      onClick={() => activate.mutate({ id: gift.id })}
                      aria-label={`Make ${gift.title} the active gift`}
                    >
                      Make active
                    </Button>
                  )}
                </Group>
              </Group>
              {gift.description && <Text size="sm">{gift.description}</Text>}
              {gift.isActive && gift.files.length === 0 && (
                <Text size="sm" c="yellow.4">
                  Active, but nothing is offered until it has a file.
                </Text>
              )}
              <GiftFiles gift={gift} />
            </Stack>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
