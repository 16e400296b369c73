import { ActionIcon, Group, Text, TextInput } from '@mantine/core';
import { ListEditorFieldset, RemoveRowButton, RowFieldLabel } from '../forms/ListEditorFieldset.js';
import { ListEditorFooter } from '../forms/ListEditorFooter.js';
import { MAX_TRACKS } from '../../../domain/limits.js';
import classes from '../admin.module.css';
import { ArrowDownIcon, ArrowUpIcon } from '../../ui/icons.js';
import { newTrackRow, type PlaylistFormApi } from './playlist-form-values.js';

/** Rows of title, artist and duration: add, remove and move up or down (buttons, so keyboards and touch can reorder). */
export function TracksEditor({ form }: { form: PlaylistFormApi }) {
  const tracks = form.getValues().tracks;
  const listError = form.errors.tracks;

  return (
    <ListEditorFieldset
      legend="Tracks"
      count={tracks.length}
      emptyText="No tracks yet. Add the first one below."
      footer={
        <ListEditorFooter
          error={listError}
          addLabel="Add track"
          onAdd={() => form.insertListItem('tracks', newTrackRow())}
          full={tracks.length >= MAX_TRACKS}
        />
      }
    >
      {tracks.map((track, index) => {
        const n = index + 1;
        return (
          <li key={track.key} className={classes.trackRow}>
            <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
              <Text size="sm" fw={600} c="dimmed">
                Track {n}
              </Text>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={`Move track ${n} up`}
                  disabled={index === 0}
                  onClick={() => form.reorderListItem('tracks', { from: index, to: index - 1 })}
                >
                  <ArrowUpIcon size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={`Move track ${n} down`}
                  disabled={index === tracks.length - 1}
                  onClick={() => form.reorderListItem('tracks', { from: index, to: index + 1 })}
                >
                  <ArrowDownIcon size={16} />
                </ActionIcon>
                <RemoveRowButton label={`Remove track ${n}`} onClick={() => form.removeListItem('tracks', index)} />
              </Group>
            </Group>
            <Group gap="xs" align="flex-start" wrap="wrap">
              <TextInput
                label={<RowFieldLabel row={`Track ${n}`} name="Title" />}
                withAsterisk
                size="sm"
                style={{ flex: '3 1 200px' }}
                autoComplete="off"
                {...form.getInputProps(`tracks.${index}.title`)}
              />
              <TextInput
                label={<RowFieldLabel row={`Track ${n}`} name="Artist" />}
                size="sm"
                style={{ flex: '3 1 160px' }}
                autoComplete="off"
                {...form.getInputProps(`tracks.${index}.artist`)}
              />
              <TextInput
                label={<RowFieldLabel row={`Track ${n}`} name="Duration" />}
                placeholder="3:45"
                size="sm"
                style={{ flex: '1 1 90px' }}
                autoComplete="off"
                {...form.getInputProps(`tracks.${index}.duration`)}
              />
            </Group>
          </li>
        );
      })}
    </ListEditorFieldset>
  );
}
