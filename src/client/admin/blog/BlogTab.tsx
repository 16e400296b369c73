import { useRef, useState } from 'react';
import type { BlogPost, BlogPostInput } from '../../../domain/blog.schema.js';
import { trpc } from '../../trpc.js';
import { ContentTab } from '../content/ContentTab.js';
import { useContentActions } from '../content/use-content-actions.js';
import { SendPostModal } from '../mail/SendPostModal.js';
import { BlogForm } from './BlogForm.js';
import { BlogList } from './BlogList.js';
import { usePreviewAccess } from './use-preview-access.js';

export function BlogTab() {
  const utils = trpc.useUtils();
  // Drafts and scheduled posts too, each with its state.
  const query = trpc.blog.adminList.useQuery();
  usePreviewAccess();
  const create = trpc.blog.create.useMutation();
  const update = trpc.blog.update.useMutation();
  // The post the last save wrote: "Publish and send" sends that one.
  const lastSaved = useRef<BlogPost | null>(null);
  const [sending, setSending] = useState<BlogPost | null>(null);
  const actions = useContentActions<BlogPostInput>('blog post', {
    create: {
      mutateAsync: async (data) => (lastSaved.current = await create.mutateAsync(data)),
      isPending: create.isPending,
    },
    update: {
      mutateAsync: async (variables) => (lastSaved.current = await update.mutateAsync(variables)),
      isPending: update.isPending,
    },
    remove: trpc.blog.delete.useMutation(),
    invalidate: () => utils.blog.invalidate(),
  });

  return (
    <>
      <ContentTab
        kind="blog post"
        title="Blog Posts"
        query={query}
        actions={actions}
        emptyTitle="No blog posts yet. Write your first post to get started."
        itemName={(post) => post.title}
        renderList={(posts, itemActions) => <BlogList posts={posts} actions={itemActions} />}
        renderForm={(props) => (
          <BlogForm
            {...props}
            onPublishAndSend={async (data) => {
              lastSaved.current = null;
              const saved = await props.onSave({ ...data, status: 'published' });
              if (saved && lastSaved.current) setSending(lastSaved.current);
              return saved;
            }}
          />
        )}
      />
      <SendPostModal post={sending} onClose={() => setSending(null)} />
    </>
  );
}
