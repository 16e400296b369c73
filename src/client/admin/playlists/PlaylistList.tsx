import { Anchor, Badge, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { Playlist } from '../../../domain/playlists.schema.js';
import classes from '../admin.module.css';
import { ItemButtons } from '../books/BookList.js';
import type { ListItemActions } from '../content/ContentTab.js';
import { ExternalIcon } from '../../ui/icons.js';

export function PlaylistList({ playlists, actions }: { playlists: Playlist[]; actions: ListItemActions<Playlist> }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Playlists">
      {playlists.map((playlist, index) => (
        <Paper component="li" key={playlist.id} withBorder radius="md" p="md" className={classes.listRow}>
          <Stack gap={6}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} className={classes.breakAnywhere}>
                {playlist.title}
              </Text>
              {index === 0 && (
                <Badge variant="light" radius="sm" title="The Music tab shows this playlist first">
                  Shown first
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {playlist.tracks.length} {playlist.tracks.length === 1 ? 'track' : 'tracks'}
            </Text>
            {playlist.description && (
              <Text size="sm" lineClamp={2} className={classes.breakAnywhere}>
                {playlist.description}
              </Text>
            )}
            {(playlist.spotifyUrl || playlist.appleMusicUrl) && (
              <Group gap="md">
                {playlist.spotifyUrl && (
                  <Anchor href={playlist.spotifyUrl} target="_blank" rel="noopener noreferrer" size="sm">
                    <Group gap={4} component="span">
                      Spotify <ExternalIcon size={14} />
                      <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
                    </Group>
                  </Anchor>
                )}
                {playlist.appleMusicUrl && (
                  <Anchor href={playlist.appleMusicUrl} target="_blank" rel="noopener noreferrer" size="sm">
                    <Group gap={4} component="span">
                      Apple Music <ExternalIcon size={14} />
                      <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
                    </Group>
                  </Anchor>
                )}
              </Group>
            )}
            <ItemButtons item={playlist} name={playlist.title} actions={actions} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
