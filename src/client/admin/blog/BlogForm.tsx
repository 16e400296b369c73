import { Select, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { BLOG_CATEGORIES, blogCategoryLabel, DEFAULT_BLOG_CATEGORY, type BlogCategory } from '../../../domain/blog.js';
import { blogPostInputSchema, type BlogPost, type BlogPostInput } from '../../../domain/blog.schema.js';
import { zodValidate } from '../../ui/zod-validate.js';
import type { ContentFormProps } from '../content/ContentTab.js';
import { draftKey } from '../editor/local-draft.js';
import { MarkdownEditor } from '../editor/MarkdownEditor.js';
import { RestoreDraftPrompt } from '../editor/RestoreDraftPrompt.js';
import { useLocalDraft } from '../editor/use-local-draft.js';
import { FormShell } from '../forms/FormShell.js';
import { ImageField } from '../forms/ImageField.js';

type BlogFormValues = { title: string; summary: string; content: string; category: BlogCategory; coverImage: string };

const toInput = (values: BlogFormValues): BlogPostInput => values;

const CATEGORY_OPTIONS = BLOG_CATEGORIES.map((category) => ({ value: category, label: blogCategoryLabel(category) }));

export function BlogForm({ item, saving, onSave, onCancel }: ContentFormProps<BlogPost, BlogPostInput>) {
  const form = useForm<BlogFormValues, (values: BlogFormValues) => BlogPostInput>({
    mode: 'controlled',
    initialValues: item
      ? {
          title: item.title,
          summary: item.summary,
          content: item.content,
          category: item.category,
          coverImage: item.coverImage,
        }
      : { title: '', summary: '', content: '', category: DEFAULT_BLOG_CATEGORY, coverImage: '' },
    validate: zodValidate(blogPostInputSchema, toInput),
    transformValues: toInput,
  });
  const draft = useLocalDraft(form, draftKey('blog', item?.id));

  return (
    <FormShell
      title={item ? `Edit “${item.title}”` : 'Write a blog post'}
      submitLabel={item ? 'Save changes' : 'Publish post'}
      saving={saving}
      onCancel={onCancel}
      onSubmit={form.onSubmit(async (data) => {
        if (await onSave(data)) draft.clear();
      })}
    >
      <RestoreDraftPrompt draft={draft} />
      <TextInput label="Title" withAsterisk autoComplete="off" {...form.getInputProps('title')} />
      <Select
        size="md"
        label="Category"
        withAsterisk
        data={CATEGORY_OPTIONS}
        allowDeselect={false}
        checkIconPosition="right"
        maw={{ sm: 320 }}
        {...form.getInputProps('category')}
      />
      <Textarea label="Summary" withAsterisk autosize minRows={2} maxRows={6} {...form.getInputProps('summary')} />
      <MarkdownEditor label="Content" required {...form.getInputProps('content')} />
      <ImageField label="Cover image" withAsterisk {...form.getInputProps('coverImage')} />
    </FormShell>
  );
}
