import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { playlistInputSchema, type Playlist, type PlaylistInput } from '../../../domain/playlists.schema.js';
import { zodValidate } from '../../ui/zod-validate.js';
import type { ContentFormProps } from '../content/ContentTab.js';
import { FormShell } from '../forms/FormShell.js';
import { fromPlaylist, NEW_PLAYLIST, toPlaylistInput, type PlaylistFormValues } from './playlist-form-values.js';
import { TracksEditor } from './TracksEditor.js';

export function PlaylistForm({ item, saving, onSave, onCancel }: ContentFormProps<Playlist, PlaylistInput>) {
  const form = useForm<PlaylistFormValues, (values: PlaylistFormValues) => PlaylistInput>({
    mode: 'controlled',
    initialValues: item ? fromPlaylist(item) : NEW_PLAYLIST(),
    validate: zodValidate(playlistInputSchema, toPlaylistInput),
    transformValues: toPlaylistInput,
  });

  return (
    <FormShell
      title={item ? `Edit “${item.title}”` : 'Add a playlist'}
      submitLabel={item ? 'Save changes' : 'Create playlist'}
      saving={saving}
      onCancel={onCancel}
      onSubmit={form.onSubmit(onSave)}
    >
      <TextInput label="Title" withAsterisk autoComplete="off" {...form.getInputProps('title')} />
      <Textarea
        label="Description"
        description="Optional"
        autosize
        minRows={2}
        maxRows={6}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Spotify link"
          description="Optional · https://open.spotify.com/playlist/…"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('spotifyUrl')}
        />
        <TextInput
          label="Apple Music link"
          description="Optional · https://music.apple.com/…"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('appleMusicUrl')}
        />
      </SimpleGrid>
      <TracksEditor form={form} />
    </FormShell>
  );
}
