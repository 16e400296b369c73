import type { BlogPostInput } from '../../../domain/blog.schema.js';
import { trpc } from '../../trpc.js';
import { ContentTab } from '../content/ContentTab.js';
import { useContentActions } from '../content/use-content-actions.js';
import { BlogForm } from './BlogForm.js';
import { BlogList } from './BlogList.js';
import { usePreviewAccess } from './use-preview-access.js';

export function BlogTab() {
  const utils = trpc.useUtils();
  // Drafts and scheduled posts too, each with its state.
  const query = trpc.blog.adminList.useQuery();
  usePreviewAccess();
  const actions = useContentActions<BlogPostInput>('blog post', {
    create: trpc.blog.create.useMutation(),
    update: trpc.blog.update.useMutation(),
    remove: trpc.blog.delete.useMutation(),
    invalidate: () => utils.blog.invalidate(),
  });

  return (
    <ContentTab
      kind="blog post"
      title="Blog Posts"
      query={query}
      actions={actions}
      emptyTitle="No blog posts yet. Write your first post to get started."
      itemName={(post) => post.title}
      renderList={(posts, itemActions) => <BlogList posts={posts} actions={itemActions} />}
      renderForm={(props) => <BlogForm {...props} />}
    />
  );
}
