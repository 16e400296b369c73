import { Checkbox, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useRef } from 'react';
import { ISSUE_LIMITS } from '../../../domain/newsletter-issues.schema.js';
import type { MarkdownEditorHandle } from '../editor/MarkdownEditor.js';
import { FeaturePostPicker } from './FeaturePostPicker.js';
import { IssueBodyField } from './IssueBodyField.js';
import type { DraftValues } from './use-issue-draft.js';

/** An issue's words: subject, preheader, the body (a featured post inserted into it) and the archive switch. */
export function IssueDraftFields({ form }: { form: UseFormReturnType<DraftValues> }) {
  const bodyEditor = useRef<MarkdownEditorHandle>(null);
  return (
    <>
      <TextInput label="Subject" withAsterisk maxLength={ISSUE_LIMITS.subject} {...form.getInputProps('subject')} />
      <TextInput
        label="Preheader"
        description="The line mail programs show after the subject."
        maxLength={ISSUE_LIMITS.preheader}
        {...form.getInputProps('preheader')}
      />
      <FeaturePostPicker onInsert={(markdown) => bodyEditor.current?.insertBlock(markdown)} />
      <IssueBodyField
        editorRef={bodyEditor}
        value={form.getValues().body}
        onChange={(value) => form.setFieldValue('body', value)}
        error={form.errors.body as string | undefined}
      />
      <Checkbox
        label="List in the web archive"
        description="Once sent, the issue can be read by anyone at /newsletter/archive. Each email's “view in browser” link opens it either way."
        {...form.getInputProps('inArchive', { type: 'checkbox' })}
      />
    </>
  );
}
