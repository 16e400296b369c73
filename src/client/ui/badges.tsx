import { Badge } from '@mantine/core';
import { blogCategoryColor, blogCategoryLabel } from '../../domain/blog.js';
import { spoilerBadgeFor } from '../../domain/excerpts.js';

/** No Spoilers (green), Minor Spoilers (yellow), Major Spoilers (red), else Unknown. */
export function SpoilerBadge({ level }: { level: string }) {
  const badge = spoilerBadgeFor(level);
  return (
    <Badge color={badge.color} variant="light" size="md" data-spoiler={level}>
      {badge.label}
    </Badge>
  );
}

/**
 * A post's category in its colour, by the name and colour the server sends with the post (the author's own); a
 * post without them shows a default category's, or the raw value of another.
 */
export function CategoryBadge({
  post,
}: {
  post: { category: string; categoryLabel?: string; categoryColor?: string };
}) {
  return (
    <Badge color={post.categoryColor ?? blogCategoryColor(post.category)} variant="light" size="md">
      {post.categoryLabel ?? blogCategoryLabel(post.category)}
    </Badge>
  );
}
