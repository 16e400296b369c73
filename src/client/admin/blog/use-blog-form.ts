import { useForm, type UseFormReturnType } from '@mantine/form';
import { blogPostInputSchema, type BlogPost, type BlogPostInput } from '../../../domain/blog.schema.js';
import { zodValidate } from '../../ui/zod-validate.js';
import { draftKey } from '../editor/local-draft.js';
import { useLocalDraft } from '../editor/use-local-draft.js';
import { blogFormInput, blogFormValues, type BlogFormValues } from './blog-form-values.js';

/** The post editor's form: values as typed, submitted as the post's input. */
export type BlogPostForm = UseFormReturnType<BlogFormValues, (values: BlogFormValues) => BlogPostInput>;

/**
 * The post editor's state: its form (starting from `item`, or empty for a new post), the unsaved draft kept in
 * the browser, and the two ways to submit it. Either one, once it succeeds, forgets the kept draft.
 */
export function useBlogForm({
  item,
  onSave,
  onPublishAndSend,
}: {
  item: BlogPost | null;
  onSave: (data: BlogPostInput) => Promise<boolean>;
  onPublishAndSend: (data: BlogPostInput) => Promise<boolean>;
}) {
  const form: BlogPostForm = useForm<BlogFormValues, (values: BlogFormValues) => BlogPostInput>({
    mode: 'controlled',
    initialValues: blogFormValues(item),
    validate: zodValidate(blogPostInputSchema, blogFormInput),
    transformValues: blogFormInput,
  });
  const draft = useLocalDraft(form, draftKey('blog', item?.id));
  const submitWith = (action: (data: BlogPostInput) => Promise<boolean>) =>
    form.onSubmit(async (data) => {
      if (await action(data)) draft.clear();
    });

  return {
    form,
    draft,
    status: form.values.status,
    /** The form's own submit: saves the post in the state chosen. */
    save: submitWith(onSave),
    /** Publishes (or schedules) the post, then opens the issue that sends it. */
    publishAndSend: () => void submitWith(onPublishAndSend)(),
  };
}
