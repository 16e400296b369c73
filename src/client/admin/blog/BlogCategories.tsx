import { ActionIcon, Badge, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { BLOG_CATEGORY_COLORS, MAX_CATEGORY_LABEL, type BlogCategoryItem } from '../../../domain/blog.js';
import type { BlogCategoryData } from '../../../domain/blog-categories.schema.js';
import { MAX_SLUG_LENGTH } from '../../../domain/slugs.js';
import { serverErrorMessage } from '../../ui/error-message.js';
import { toast } from '../../ui/toast-store.js';
import { trpc } from '../../trpc.js';

const COLOR_OPTIONS = BLOG_CATEGORY_COLORS.map((color) => ({ value: color, label: color }));

/** Runs one category write, toasts its outcome, and refetches what shows categories (the posts too). */
function useCategoryWrite() {
  const utils = trpc.useUtils();
  return async (done: string, write: () => Promise<unknown>): Promise<boolean> => {
    try {
      await write();
    } catch (error) {
      toast({
        title: 'Error',
        description: serverErrorMessage(error, 'The category was not saved'),
        variant: 'destructive',
      });
      return false;
    }
    toast({ title: 'Saved', description: done });
    await utils.blog.invalidate();
    return true;
  };
}

/**
 * The blog's categories, the author's own: create, rename (a new slug keeps the old address leading to the new
 * one), recolour, reorder, merge one into another, and delete one moving its posts to another.
 */
export function BlogCategories() {
  const categories = trpc.blog.categories.list.useQuery();
  const create = trpc.blog.categories.create.useMutation();
  const reorder = trpc.blog.categories.reorder.useMutation();
  const run = useCategoryWrite();
  const [label, setLabel] = useState('');
  const items = categories.data ?? [];

  const move = (index: number, by: -1 | 1) => {
    const slugs = items.map((item) => item.slug);
    const [moved] = slugs.splice(index, 1);
    slugs.splice(index + by, 0, moved!);
    void run('Order saved', () => reorder.mutateAsync({ slugs }));
  };

  return (
    <Paper withBorder radius="md" p="md" mt="xl" component="section" aria-labelledby="blog-categories-title">
      <Title order={2} size="h4" id="blog-categories-title" mb="sm">
        Categories
      </Title>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Categories">
        {items.map((item, index) => (
          <CategoryRow
            key={item.id}
            item={item}
            others={items.filter((other) => other.id !== item.id)}
            onUp={index > 0 ? () => move(index, -1) : undefined}
            onDown={index < items.length - 1 ? () => move(index, 1) : undefined}
            run={run}
          />
        ))}
      </Stack>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void run('Category created', () => create.mutateAsync({ label })).then((ok) => ok && setLabel(''));
        }}
      >
        <Group align="flex-end" mt="md" wrap="wrap">
          <TextInput
            label="New category"
            placeholder="Its name"
            value={label}
            maxLength={MAX_CATEGORY_LABEL}
            onChange={(event) => setLabel(event.currentTarget.value)}
            style={{ flex: '1 1 12rem' }}
          />
          <Button type="submit" loading={create.isPending}>
            Create category
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

type RowProps = {
  item: BlogCategoryItem;
  others: BlogCategoryItem[];
  onUp?: () => void;
  onDown?: () => void;
  run: ReturnType<typeof useCategoryWrite>;
};

function CategoryRow({ item, others, onUp, onDown, run }: RowProps) {
  const update = trpc.blog.categories.update.useMutation();
  const merge = trpc.blog.categories.merge.useMutation();
  const remove = trpc.blog.categories.delete.useMutation();
  const [editing, setEditing] = useState(false);
  const [label, setLabel] = useState(item.label);
  const [slug, setSlug] = useState(item.slug);
  const [color, setColor] = useState(item.color as BlogCategoryData['color']);
  const [target, setTarget] = useState<string | null>(null);
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
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void run('Category saved', () =>
                update.mutateAsync({ slug: item.slug, data: { label, slug, color } }),
              ).then((ok) => ok && setEditing(false));
            }}
          >
            <Group align="flex-end" wrap="wrap">
              <TextInput
                label="Name"
                value={label}
                maxLength={MAX_CATEGORY_LABEL}
                onChange={(event) => setLabel(event.currentTarget.value)}
              />
              <TextInput
                label="Slug"
                description="A new slug keeps the old address leading here"
                value={slug}
                maxLength={MAX_SLUG_LENGTH}
                spellCheck={false}
                onChange={(event) => setSlug(event.currentTarget.value)}
              />
              <Select
                label="Colour"
                data={COLOR_OPTIONS}
                value={color}
                allowDeselect={false}
                onChange={(value) => setColor((value ?? 'gray') as BlogCategoryData['color'])}
                maw={160}
              />
              <Button type="submit" loading={update.isPending}>
                Save category
              </Button>
            </Group>
          </form>
          {targets.length > 0 && (
            <Group align="flex-end" wrap="wrap">
              <Select
                label="Its posts go to"
                placeholder="Another category"
                data={targets}
                value={target}
                onChange={setTarget}
                maw={240}
              />
              <Button
                variant="default"
                disabled={!target}
                loading={merge.isPending}
                onClick={() =>
                  void run('Categories merged', () => merge.mutateAsync({ slug: item.slug, into: target! }))
                }
              >
                Merge into it
              </Button>
              <Button
                color="red"
                variant="light"
                disabled={!target}
                loading={remove.isPending}
                onClick={() =>
                  void run('Category deleted', () => remove.mutateAsync({ slug: item.slug, moveTo: target! }))
                }
              >
                Delete, moving posts
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Paper>
  );
}
