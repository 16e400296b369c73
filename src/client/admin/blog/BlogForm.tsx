import { Button } from '@mantine/core';
import type { BlogPost, BlogPostInput } from '../../../domain/blog.schema.js';
import type { PostState } from '../../../domain/post-states.js';
import type { ContentFormProps } from '../content/ContentTab.js';
import { RestoreDraftPrompt } from '../editor/RestoreDraftPrompt.js';
import { FormShell } from '../forms/FormShell.js';
import { PostContentFields, PostStateFields, SavedPostTools, SearchSharingFields } from './blog-form-sections.js';
import { useBlogForm } from './use-blog-form.js';

/**
 * The primary button says what it will do: from the state the post has (none for a new post) to the state
 * chosen in the form.
 */
function submitLabel(from: PostState | null, to: PostState): string {
  if (to === 'draft') return from === 'published' || from === 'scheduled' ? 'Unpublish and save draft' : 'Save draft';
  if (to === 'scheduled') return from === 'scheduled' ? 'Update schedule' : 'Schedule post';
  return from === 'published' ? 'Update published post' : 'Publish post';
}

const PUBLISH_AND_SEND = 'Publish and send to subscribers';
const SCHEDULE_AND_SEND = 'Schedule and send to subscribers';

export function BlogForm({
  item,
  saving,
  onSave,
  onCancel,
  onPublishAndSend,
}: ContentFormProps<BlogPost, BlogPostInput> & {
  /**
   * Publishes (or schedules) the post, then opens the issue that sends it (preview, test, count confirmation; a
   * scheduled post's issue goes out when the post is published).
   */
  onPublishAndSend: (data: BlogPostInput) => Promise<boolean>;
}) {
  const { form, draft, status, save, publishAndSend } = useBlogForm({ item, onSave, onPublishAndSend });

  return (
    <FormShell
      title={item ? `Edit “${item.title}”` : 'Write a blog post'}
      submitLabel={submitLabel(item?.status ?? null, status)}
      saving={saving}
      onCancel={onCancel}
      secondaryAction={
        status !== 'draft' && (
          <Button variant="default" disabled={saving} onClick={publishAndSend}>
            {status === 'scheduled' ? SCHEDULE_AND_SEND : PUBLISH_AND_SEND}
          </Button>
        )
      }
      onSubmit={save}
    >
      <RestoreDraftPrompt draft={draft} />
      <PostContentFields form={form} />
      <PostStateFields form={form} />
      {item && <SavedPostTools item={item} />}
      <SearchSharingFields form={form} />
    </FormShell>
  );
}
