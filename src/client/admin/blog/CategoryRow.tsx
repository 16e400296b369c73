import { ActionIcon, Badge, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { BLOG_CATEGORY_COLORS, MAX_CATEGORY_LABEL, type BlogCategoryItem } from '../../../domain/blog.js';
import type { BlogCategoryData } from '../../../domain/blog-categories.schema.js';
import { MAX_SLUG_LENGTH } from '../../../domain/slugs.js';
import { useCategoryEdit, type CategoryEdit } from './use-category-edit.js';
import type { CategoryWrite } from './use-category-write.js';

const COLOR_OPTIONS = BLOG_CATEGORY_COLORS.map((color) => ({ value: color, label: color }));

type RowProps = {
  item: BlogCategoryItem;
  others: BlogCategoryItem[];
  onUp?: () => void;
  onDown?: () => void;
  run: CategoryWrite;
};

/** One category in the list: its badge and address, moving it up or down, and its editor when open. */
export function CategoryRow({ item, others, onUp, onDown, run }: RowProps) {
  const edit = useCategoryEdit(item, run);
  const { editing, setEditing } = edit;
  const targets = others.map((other) => ({ value: other.slug, label: other.label }));

  return (
    <Paper component="li" withBorder radius="sm" p="sm" aria-label={item.label}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Badge color={item.color} variant="light" radius="sm">
            {item.label}
          </Badge>
          <Text size="sm" c="dimmed">
            /blog?category={item.slug}
          </Text>
        </Group>
        <Group gap={4}>
          <ActionIcon variant="default" onClick={onUp} disabled={!onUp} aria-label={`Move ${item.label} up`}>
            ↑
          </ActionIcon>
          <ActionIcon variant="default" onClick={onDown} disabled={!onDown} aria-label={`Move ${item.label} down`}>
            ↓
          </ActionIcon>
          <Button size="xs" variant="default" onClick={() => setEditing(!editing)} aria-expanded={editing}>
            {editing ? 'Close' : 'Edit'}
          </Button>
        </Group>
      </Group>
      {editing && (
        <Stack gap="xs" mt="sm">
          <CategoryForm edit={edit} />
          {targets.length > 0 && <MovePosts targets={targets} edit={edit} />}
        </Stack>
      )}
    </Paper>
  );
}

/** The category's name, slug (a new one keeps the old address leading here) and colour, and Save. */
function CategoryForm({ edit }: { edit: CategoryEdit }) {
  const { label, slug, color } = edit.fields;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        edit.save();
      }}
    >
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Name"
          value={label}
          maxLength={MAX_CATEGORY_LABEL}
          onChange={(event) => edit.setLabel(event.currentTarget.value)}
        />
        <TextInput
          label="Slug"
          description="A new slug keeps the old address leading here"
          value={slug}
          maxLength={MAX_SLUG_LENGTH}
          spellCheck={false}
          onChange={(event) => edit.setSlug(event.currentTarget.value)}
        />
        <Select
          label="Colour"
          data={COLOR_OPTIONS}
          value={color}
          allowDeselect={false}
          onChange={(value) => edit.setColor((value ?? 'gray') as BlogCategoryData['color'])}
          maw={160}
        />
        <Button type="submit" loading={edit.saving}>
          Save category
        </Button>
      </Group>
    </form>
  );
}

/** Another category to move this one's posts to, by merging into it or by deleting this one. */
function MovePosts({ targets, edit }: { targets: { value: string; label: string }[]; edit: CategoryEdit }) {
  return (
    <Group align="flex-end" wrap="wrap">
      <Select
        label="Its posts go to"
        placeholder="Another category"
        data={targets}
        value={edit.target}
        onChange={edit.setTarget}
        maw={240}
      />
      <Button variant="default" disabled={!edit.target} loading={edit.merging} onClick={edit.mergeInto}>
        Merge into it
      </Button>
      <Button
        color="red"
        variant="light"
        disabled={!edit.target}
        loading={edit.removing}
        onClick={edit.deleteMovingPosts}
      >
        Delete, moving posts
      </Button>
    </Group>
  );
}
