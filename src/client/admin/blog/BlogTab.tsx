import { Button, Group, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { BlogPost, BlogPostCard, BlogPostInput } from '../../../domain/blog.schema.js';
import { trpc } from '../../trpc.js';
import { ContentTab, type ContentFormProps } from '../content/ContentTab.js';
import { useContentActions } from '../content/use-content-actions.js';
import { SendPostModal } from '../mail/SendPostModal.js';
import { BlogCategories } from './BlogCategories.js';
import { BlogForm } from './BlogForm.js';
import { BlogList } from './BlogList.js';
import { usePreviewAccess } from './use-preview-access.js';
import { ListSkeleton, LoadError } from '../ui/ListStates.js';
import { ADMIN_LIST_PAGE } from '../submissions/SubmissionsSection.js';

export function BlogTab() {
  const utils = trpc.useUtils();
  // Drafts and scheduled posts too, each with its state; a page at a time, narrowed by a title search.
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const pages = trpc.blog.adminList.useInfiniteQuery(
    { limit: ADMIN_LIST_PAGE, search },
    { getNextPageParam: (page) => page.nextCursor, placeholderData: keepPreviousData },
  );
  const posts = pages.data?.pages.flatMap((page) => page.items);
  const query = { ...pages, data: posts };
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
        emptyTitle={
          search ? `No post’s title contains “${search}”.` : 'No blog posts yet. Write your first post to get started.'
        }
        count={posts && pages.hasNextPage ? `${posts.length}+` : undefined}
        notice={
          <TextInput
            label="Search posts"
            placeholder="Part of a title"
            value={searchText}
            onChange={(event) => setSearchText(event.currentTarget.value)}
            maxLength={200}
            mb="md"
            type="search"
          />
        }
        footer={
          pages.hasNextPage ? (
            <Group justify="center" mt="md">
              <Button
                variant="default"
                onClick={() => void pages.fetchNextPage()}
                loading={pages.isFetchingNextPage}
                aria-label="Load more blog posts"
              >
                Load more
              </Button>
            </Group>
          ) : null
        }
        itemName={(post) => post.title}
        renderList={(posts, itemActions) => <BlogList posts={posts} actions={itemActions} />}
        renderForm={(props) => (
          <BlogPostEditor
            {...props}
            onPublishAndSend={async (data) => {
              lastSaved.current = null;
              // A scheduled post stays scheduled: its issue then goes out when it is published.
              const saved = await props.onSave({
                ...data,
                status: data.status === 'scheduled' ? 'scheduled' : 'published',
              });
              if (saved && lastSaved.current) setSending(lastSaved.current);
              return saved;
            }}
          />
        )}
      />
      <SendPostModal post={sending} onClose={() => setSending(null)} />
      <BlogCategories />
    </>
  );
}

type EditorProps = ContentFormProps<BlogPostCard, BlogPostInput> & {
  onPublishAndSend: (data: BlogPostInput) => Promise<boolean>;
};

/**
 * The form for a new post, or for a listed one once its text has been read: the list carries no text (a blog of
 * thousands of posts would be megabytes of it). Read afresh each time the editor opens (gcTime 0), so the form
 * never starts from an older copy.
 */
function BlogPostEditor({ item, ...props }: EditorProps) {
  const post = trpc.blog.adminGet.useQuery({ id: item?.id ?? '' }, { enabled: item !== null, gcTime: 0 });
  if (item === null) return <BlogForm {...props} item={null} />;
  if (post.error)
    return (
      <LoadError
        title="The post could not be loaded"
        error={post.error}
        onRetry={() => void post.refetch()}
        retrying={post.isFetching}
      />
    );
  if (!post.data) return <ListSkeleton rows={4} label="Loading the post" />;
  return <BlogForm {...props} item={post.data} />;
}
