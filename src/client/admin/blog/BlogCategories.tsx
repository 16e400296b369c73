import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { MAX_CATEGORY_LABEL } from '../../../domain/blog.js';
import { trpc } from '../../trpc.js';
import { CategoryRow } from './CategoryRow.js';
import { useCategoryWrite } from './use-category-write.js';

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
