import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { blogCategoryColor, blogCategoryLabel } from '../../../domain/blog.js';
import type { BlogPostCard } from '../../../domain/blog.schema.js';
import { blogPostPath } from '../../../domain/content-links.js';
import { blogPreviewPath, POST_STATE_COLORS, POST_STATE_LABELS } from '../../../domain/post-states.js';
import classes from '../admin.module.css';
import { ItemButtons } from '../books/BookList.js';
import type { ListItemActions } from '../content/ContentTab.js';
import { ContentViews } from '../overview/ContentViews.js';
import { formatAdminDate } from '../ui/format-date.js';
import { formatWithZone } from './publish-time.js';

/** Every post with its state: published ones link to their page, the others to their preview. */
export function BlogList<T extends BlogPostCard & { categoryLabel?: string; categoryColor?: string }>({
  posts,
  actions,
}: {
  posts: T[];
  actions: ListItemActions<T>;
}) {
  // The published posts shown: their views are asked for together (ContentViews).
  const published = posts.filter((post) => post.status === 'published').map((post) => post.id);
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Blog posts">
      {posts.map((post) => (
        <Paper component="li" key={post.id} withBorder radius="md" p="sm" className={classes.listRow}>
          <Group align="flex-start" wrap="nowrap" gap="md">
            {post.coverImage ? (
              <img src={post.coverImage} alt="" className={classes.blogThumb} loading="lazy" />
            ) : (
              <span className={classes.blogThumb} aria-hidden="true" />
            )}
            <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
              <Group gap="xs" wrap="wrap">
                <Badge color={POST_STATE_COLORS[post.status]} variant="filled" radius="sm">
                  {POST_STATE_LABELS[post.status]}
                </Badge>
                <Badge color={post.categoryColor ?? blogCategoryColor(post.category)} variant="light" radius="sm">
                  {post.categoryLabel ?? blogCategoryLabel(post.category)}
                </Badge>
                <Text size="xs" c="dimmed">
                  {post.status === 'scheduled'
                    ? `Publishes ${formatWithZone(post.publishedAt)}`
                    : post.status === 'draft'
                      ? `Saved ${formatAdminDate(post.publishedAt)}`
                      : formatAdminDate(post.publishedAt)}
                </Text>
                {post.status === 'published' && <ContentViews kind="posts" id={post.id} shown={published} />}
              </Group>
              <Text fw={600} className={classes.breakAnywhere}>
                {post.title}
              </Text>
              <Text size="sm" lineClamp={2} className={classes.breakAnywhere}>
                {post.summary}
              </Text>
              <Group gap="md" wrap="wrap">
                <ItemButtons item={post} name={post.title} actions={actions} />
                {post.status === 'published' ? (
                  <Anchor
                    size="sm"
                    href={blogPostPath(post)}
                    target="_blank"
                    rel="noopener"
                    aria-label={`View ${post.title}`}
                  >
                    View
                  </Anchor>
                ) : (
                  <Anchor
                    size="sm"
                    href={blogPreviewPath(post.id)}
                    target="_blank"
                    rel="noopener"
                    aria-label={`Preview ${post.title}`}
                  >
                    Preview
                  </Anchor>
                )}
              </Group>
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
