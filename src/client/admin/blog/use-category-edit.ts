import { useState } from 'react';
import type { BlogCategoryItem } from '../../../domain/blog.js';
import type { BlogCategoryData } from '../../../domain/blog-categories.schema.js';
import { trpc } from '../../trpc.js';
import type { CategoryWrite } from './use-category-write.js';

/**
 * Editing one category: whether its editor is open, the name, slug and colour being edited (kept while it is
 * closed), the category its posts would go to, and saving, merging into that one or deleting moving posts to it.
 */
export function useCategoryEdit(item: BlogCategoryItem, run: CategoryWrite) {
  const update = trpc.blog.categories.update.useMutation();
  const merge = trpc.blog.categories.merge.useMutation();
  const remove = trpc.blog.categories.delete.useMutation();
  const [editing, setEditing] = useState(false);
  const [label, setLabel] = useState(item.label);
  const [slug, setSlug] = useState(item.slug);
  const [color, setColor] = useState(item.color as BlogCategoryData['color']);
  const [target, setTarget] = useState<string | null>(null);

  const save = () =>
    void run('Category saved', () => update.mutateAsync({ slug: item.slug, data: { label, slug, color } })).then(
      (ok) => ok && setEditing(false),
    );
  const mergeInto = () => void run('Categories merged', () => merge.mutateAsync({ slug: item.slug, into: target! }));
  const deleteMovingPosts = () =>
    void run('Category deleted', () => remove.mutateAsync({ slug: item.slug, moveTo: target! }));

  return {
    editing,
    setEditing,
    fields: { label, slug, color },
    setLabel,
    setSlug,
    setColor,
    target,
    setTarget,
    save,
    saving: update.isPending,
    mergeInto,
    merging: merge.isPending,
    deleteMovingPosts,
    removing: remove.isPending,
  };
}

export type CategoryEdit = ReturnType<typeof useCategoryEdit>;
