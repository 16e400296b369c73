import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { blogCategoryColor, blogCategoryLabel } from '../../../domain/blog.js';
import type { BlogPost } from '../../../domain/blog.schema.js';
import classes from '../admin.module.css';
import { ItemButtons } from '../books/BookList.js';
import type { ListItemActions } from '../content/ContentTab.js';
import { formatAdminDate } from '../ui/format-date.js';

export function BlogList({ posts, actions }: { posts: BlogPost[]; actions: ListItemActions<BlogPost> }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Blog posts">
      {posts.map((post) => (
        <Paper component="li" key={post.id} withBorder radius="md" p="sm" className={classes.listRow}>
          <Group align="flex-start" wrap="nowrap" gap="md">
            <img src={post.coverImage} alt="" className={classes.blogThumb} loading="lazy" />
            <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
              <Group gap="xs" wrap="wrap">
                <Badge color={blogCategoryColor(post.category)} variant="light" radius="sm">
                  {blogCategoryLabel(post.category)}
                </Badge>
                <Text size="xs" c="dimmed">
                  {formatAdminDate(post.publishedAt)}
                </Text>
              </Group>
              <Text fw={600} className={classes.breakAnywhere}>
                {post.title}
              </Text>
              <Text size="sm" lineClamp={2} className={classes.breakAnywhere}>
                {post.summary}
              </Text>
              <ItemButtons item={post} name={post.title} actions={actions} />
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
