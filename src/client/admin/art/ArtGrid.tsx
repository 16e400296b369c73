import { ActionIcon, Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { ART_TYPE_LABELS, type ArtType } from '../../../domain/art.js';
import type { ArtPiece } from '../../../domain/art.schema.js';
import classes from '../admin.module.css';
import type { ListItemActions } from '../content/ContentTab.js';
import { EditIcon, TrashIcon } from '../../ui/icons.js';

/**
 * The art grid: each tile's Edit/Delete overlay shows on hover, whenever a control inside has
 * keyboard focus (:focus-within), and always on touch or small screens (see admin.module.css),
 * where the buttons shrink to labelled icon buttons so the image stays visible.
 */
export function ArtGrid({ pieces, actions }: { pieces: ArtPiece[]; actions: ListItemActions<ArtPiece> }) {
  return (
    <SimpleGrid
      cols={{ base: 2, md: 3, lg: 4 }}
      spacing={{ base: 'sm', sm: 'md' }}
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label="Art pieces"
    >
      {pieces.map((piece) => (
        <li key={piece.id} className={classes.artTile}>
          <img src={piece.imageUrl} alt={piece.title} className={classes.artImage} loading="lazy" />
          <div className={classes.artOverlay}>
            <Group gap="xs" visibleFrom="sm">
              <Button
                size="xs"
                variant="white"
                color="dark"
                leftSection={<EditIcon size={14} />}
                onClick={() => actions.edit(piece)}
                aria-label={`Edit ${piece.title}`}
              >
                Edit
              </Button>
              <Button
                size="xs"
                color="red.9"
                leftSection={<TrashIcon size={14} />}
                onClick={() => actions.remove(piece)}
                aria-label={`Delete ${piece.title}`}
              >
                Delete
              </Button>
            </Group>
            <Group gap={6} hiddenFrom="sm">
              <ActionIcon
                size="xl"
                variant="white"
                color="dark"
                radius="xl"
                onClick={() => actions.edit(piece)}
                aria-label={`Edit ${piece.title}`}
              >
                <EditIcon size={18} />
              </ActionIcon>
              <ActionIcon
                size="xl"
                color="red.9"
                radius="xl"
                onClick={() => actions.remove(piece)}
                aria-label={`Delete ${piece.title}`}
              >
                <TrashIcon size={18} />
              </ActionIcon>
            </Group>
          </div>
          <Stack gap={4} p="sm">
            <Text fw={600} size="sm" className={classes.breakAnywhere} lh={1.3}>
              {piece.title}
            </Text>
            <Group gap={6} wrap="wrap">
              <Text size="xs" c="dimmed">
                by {piece.artist}
              </Text>
              <Badge
                size="sm"
                variant={piece.type === 'official' ? 'filled' : 'light'}
                color={piece.type === 'official' ? undefined : 'gray'}
                radius="sm"
              >
                {ART_TYPE_LABELS[piece.type as ArtType] ?? piece.type}
              </Badge>
            </Group>
            {piece.description && (
              <Text size="xs" lineClamp={2} visibleFrom="xs">
                {piece.description}
              </Text>
            )}
          </Stack>
        </li>
      ))}
    </SimpleGrid>
  );
}
