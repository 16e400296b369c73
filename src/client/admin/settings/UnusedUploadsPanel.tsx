import { AdminPanel } from '../ui/AdminPanel.js';
import { Button, Group, Image, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { UPLOADED_OBJECT_PREFIX } from '../../../domain/images.js';
import { formatBytes, type UnreferencedUpload } from '../../../domain/uploads.js';
import { trpc } from '../../trpc.js';
import { isUnauthorized } from '../../ui/error-message.js';
import { toast } from '../../ui/toast-store.js';
import classes from '../admin.module.css';
import { ConfirmDeleteModal } from '../ui/ConfirmDeleteModal.js';
import { formatAdminDate } from '../ui/format-date.js';
import { TrashIcon } from '../../ui/icons.js';
import { LoadError } from '../ui/ListStates.js';
import { ADMIN_LIST_PAGE } from '../submissions/SubmissionsSection.js';
import { toastFailure } from '../../ui/form-feedback.js';

type PendingRemoval = { names: string[]; label: string };

function UploadRow({ upload, now, onRemove }: { upload: UnreferencedUpload; now: number; onRemove: () => void }) {
  const removable = upload.removableFrom.getTime() <= now;
  return (
    <Group wrap="nowrap" gap="sm" align="center" data-testid="unused-upload">
      <Image
        src={`${UPLOADED_OBJECT_PREFIX}${upload.name}`}
        alt=""
        w={48}
        h={48}
        radius="sm"
        fit="cover"
        style={{ flex: 'none' }}
      />
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" className={classes.breakAnywhere}>
          {upload.name}
        </Text>
        <Text size="xs" c="dimmed">
          {formatBytes(upload.bytes)} · uploaded{' '}
          <time dateTime={upload.uploadedAt.toISOString()}>{formatAdminDate(upload.uploadedAt)}</time>
        </Text>
        {!removable && (
          <Text size="xs" c="dimmed">
            Can be removed from {formatAdminDate(upload.removableFrom)}
          </Text>
        )}
      </Stack>
      <Button
        size="xs"
        variant="default"
        color="red"
        leftSection={<TrashIcon size={14} />}
        onClick={onRemove}
        disabled={!removable}
        aria-label={`Remove ${upload.name}`}
        style={{ flex: 'none' }}
      >
        Remove
      </Button>
    </Group>
  );
}

/**
 * Settings: uploaded images no book, post, art piece or text uses any more. Removal is always
 * the author's choice, and never within 24 hours of the upload (a form may still be half filled).
 */
export function UnusedUploadsPanel() {
  const uploads = trpc.maintenance.unreferencedUploads.useInfiniteQuery(
    { limit: ADMIN_LIST_PAGE },
    { getNextPageParam: (page) => page.nextCursor },
  );
  const listed = uploads.data?.pages.flatMap((page) => page.items);
  const remove = trpc.maintenance.removeUnreferencedUploads.useMutation();
  const [pending, setPending] = useState<PendingRemoval | null>(null);
  const now = Date.now();
  const removable = (listed ?? []).filter((upload) => upload.removableFrom.getTime() <= now);

  async function confirmRemoval() {
    if (!pending) return;
    try {
      const { removed } = await remove.mutateAsync({ names: pending.names });
      toast({
        title: 'Uploads removed',
        description: removed.length === 1 ? `Removed ${removed[0]}` : `Removed ${removed.length} files`,
      });
    } catch (error) {
      if (!isUnauthorized(error)) {
        toastFailure('Removal failed', error, 'Failed to remove the uploads. Please try again.');
      }
    } finally {
      setPending(null);
      void uploads.refetch();
    }
  }

  return (
    <AdminPanel
      id="unused-uploads"
      title="Unused uploads"
      description="Images no content uses any more. They stay until you remove them, and can only be removed a day after their upload."
    >
      {uploads.isPending ? (
        <Skeleton height={48} radius="sm" aria-label="Loading unused uploads" />
      ) : uploads.isError || !listed ? (
        <LoadError title="Could not load the uploads" error={uploads.error} onRetry={() => void uploads.refetch()} />
      ) : listed.length === 0 ? (
        <Text size="sm" c="dimmed">
          Every uploaded image is in use.
        </Text>
      ) : (
        <>
          <Stack gap="sm" aria-label="Unused uploads" role="list">
            {listed.map((upload) => (
              <div role="listitem" key={upload.name}>
                <UploadRow
                  upload={upload}
                  now={now}
                  onRemove={() => setPending({ names: [upload.name], label: upload.name })}
                />
              </div>
            ))}
          </Stack>
          {uploads.hasNextPage && (
            <Group justify="center">
              <Button
                variant="default"
                onClick={() => void uploads.fetchNextPage()}
                loading={uploads.isFetchingNextPage}
                aria-label="Load more unused uploads"
              >
                Load more
              </Button>
            </Group>
          )}
          <Group justify="flex-end">
            <Button
              color="red.9"
              leftSection={<TrashIcon size={16} />}
              disabled={removable.length === 0}
              onClick={() =>
                setPending({
                  names: removable.map((upload) => upload.name),
                  label: `${removable.length} unused upload${removable.length === 1 ? '' : 's'}`,
                })
              }
            >
              Remove all removable ({removable.length})
            </Button>
          </Group>
        </>
      )}
      <ConfirmDeleteModal
        itemLabel={pending && pending.names.length > 1 ? 'uploads' : 'upload'}
        itemName={pending?.label ?? null}
        deleting={remove.isPending}
        onConfirm={() => void confirmRemoval()}
        onCancel={() => setPending(null)}
      />
    </AdminPanel>
  );
}
