import { Anchor, Button, Group, Radio, Select, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { blogPostInputSchema, type BlogPost, type BlogPostInput } from '../../../domain/blog.schema.js';
import { blogPreviewPath, POST_STATE_LABELS, POST_STATES, type PostState } from '../../../domain/post-states.js';
import { MAX_TAG_LABEL, MAX_TAGS_PER_POST } from '../../../domain/blog.js';
import { trpc } from '../../trpc.js';
import { zodValidate } from '../../ui/zod-validate.js';
import type { ContentFormProps } from '../content/ContentTab.js';
import { CommentsOffSwitch } from '../comments/CommentsOffSwitch.js';
import { draftKey } from '../editor/local-draft.js';
import { MarkdownEditor } from '../editor/MarkdownEditor.js';
import { RestoreDraftPrompt } from '../editor/RestoreDraftPrompt.js';
import { useLocalDraft } from '../editor/use-local-draft.js';
import { FormShell } from '../forms/FormShell.js';
import { ContentViews } from '../overview/ContentViews.js';
import { ImageField } from '../forms/ImageField.js';
import { blogFormInput, blogFormValues, type BlogFormValues } from './blog-form-values.js';
import { browserTimeZoneName } from './publish-time.js';

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
  // The author's categories, in the author's order.
  const categoryOptions = (trpc.blog.categories.list.useQuery().data ?? []).map((category) => ({
    value: category.slug,
    label: category.label,
  }));
  const tagOptions = (trpc.blog.allTags.useQuery().data ?? []).map((tag) => tag.label);
  const form = useForm<BlogFormValues, (values: BlogFormValues) => BlogPostInput>({
    mode: 'controlled',
    initialValues: blogFormValues(item),
    validate: zodValidate(blogPostInputSchema, blogFormInput),
    transformValues: blogFormInput,
  });
  const status = form.values.status;
  const draft = useLocalDraft(form, draftKey('blog', item?.id));

  return (
    <FormShell
      title={item ? `Edit “${item.title}”` : 'Write a blog post'}
      submitLabel={submitLabel(item?.status ?? null, status)}
      saving={saving}
      onCancel={onCancel}
      secondaryAction={
        status !== 'draft' && (
          <Button
            variant="default"
            disabled={saving}
            onClick={() =>
              void form.onSubmit(async (data) => {
                if (await onPublishAndSend(data)) draft.clear();
              })()
            }
          >
            {status === 'scheduled' ? SCHEDULE_AND_SEND : PUBLISH_AND_SEND}
          </Button>
        )
      }
      onSubmit={form.onSubmit(async (data) => {
        if (await onSave(data)) draft.clear();
      })}
    >
      <RestoreDraftPrompt draft={draft} />
      <TextInput label="Title" withAsterisk autoComplete="off" {...form.getInputProps('title')} />
      <TextInput
        label="Slug"
        description="The post's address, /blog/<slug>. Blank: made from the title. An edited slug keeps the old address leading here."
        autoComplete="off"
        spellCheck={false}
        {...form.getInputProps('slug')}
      />
      <Select
        size="md"
        label="Category"
        withAsterisk
        data={categoryOptions}
        allowDeselect={false}
        checkIconPosition="right"
        maw={{ sm: 320 }}
        {...form.getInputProps('category')}
      />
      <TagsInput
        size="md"
        label="Tags"
        description="Press Enter after each tag. Readers find the post under each at /blog?tag=<tag>"
        data={tagOptions}
        maxTags={MAX_TAGS_PER_POST}
        maxLength={MAX_TAG_LABEL}
        clearable
        {...form.getInputProps('tags')}
      />
      <Textarea label="Summary" withAsterisk autosize minRows={2} maxRows={6} {...form.getInputProps('summary')} />
      <MarkdownEditor label="Content" required {...form.getInputProps('content')} />
      <ImageField
        label="Cover image"
        description="Optional: without one the blog shows the post as a text card"
        {...form.getInputProps('coverImage')}
      />

      <Radio.Group label="State" withAsterisk {...form.getInputProps('status')}>
        <Group gap="lg" mt="xs">
          {POST_STATES.map((state) => (
            <Radio key={state} value={state} label={POST_STATE_LABELS[state]} />
          ))}
        </Group>
      </Radio.Group>
      {status === 'scheduled' && (
        <TextInput
          type="datetime-local"
          step={1}
          label="Publish at"
          description={`In your time zone: ${browserTimeZoneName()}. The post appears on the site at that moment.`}
          withAsterisk
          maw={{ sm: 320 }}
          {...form.getInputProps('publishAt')}
        />
      )}
      {item && <CommentsOffSwitch targetKind="post" targetId={item.id} />}
      {item && <ContentViews kind="posts" id={item.id} />}
      {item && (
        <Text size="sm">
          <Anchor href={blogPreviewPath(item.id)} target="_blank" rel="noopener">
            Preview this post as saved
          </Anchor>{' '}
          (opens in a new tab)
        </Text>
      )}

      <Stack gap="md">
        <Text fw={600}>Search and social sharing</Text>
        <Textarea
          label="Meta description"
          description="Shown by search engines. Blank: the summary."
          autosize
          minRows={2}
          maxRows={4}
          {...form.getInputProps('metaDescription')}
        />
        <ImageField
          label="Social image"
          description="Shown when the post is shared. Blank: the cover image."
          {...form.getInputProps('socialImage')}
        />
      </Stack>
    </FormShell>
  );
}
