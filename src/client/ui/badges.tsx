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

/** A blog category in its own colour; unknown categories show their raw value. */
export function CategoryBadge({ category }: { category: string }) {
  return (
    <Badge color={blogCategoryColor(category)} variant="light" size="md">
      {blogCategoryLabel(category)}
    </Badge>
  );
}
