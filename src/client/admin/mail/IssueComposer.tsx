import { Button, Checkbox, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import type { MarkdownEditorHandle } from '../editor/MarkdownEditor.js';
import type { NewsletterIssue } from '../../../domain/newsletter-issues.js';
import { issueDraftInputSchema, ISSUE_LIMITS } from '../../../domain/newsletter-issues.schema.js';
import { EVERYONE, type Audience } from '../../../domain/newsletter-interests.js';
import { AudiencePicker } from './AudiencePicker.js';
import { trpc } from '../../trpc.js';
import { toast } from '../../ui/toast-store.js';
import { zodValidate } from '../../ui/zod-validate.js';
import { ConfirmSendModal } from './ConfirmSendModal.js';
import { FeaturePostPicker } from './FeaturePostPicker.js';
import { IssueBodyField } from './IssueBodyField.js';
import { IssuePreviewModal } from './IssuePreviewModal.js';
import { toastFailure } from '../../ui/form-feedback.js';
import { SendBar } from './SendBar.js';
import { SendTestRow } from './SendTestRow.js';
import { SequenceEmailSwitches } from './SequenceEmailSwitches.js';
import { useSendWithPost } from './use-send-with-post.js';

type DraftValues = { subject: string; preheader: string; body: string; inArchive: boolean };

const EMPTY: DraftValues = { subject: '', preheader: '', body: '', inArchive: false };

/**
 * Writing an issue: save as draft, preview as sent, send a test, then send to every subscriber or
 * a group. With `step` it edits a welcome-sequence email instead (0: the welcome email, 1–3 a
 * follow-up): saved with its delay and on/off switch, sent by the queue on confirmation.
 */
export function IssueComposer({
  issue,
  initial,
  postId,
  postScheduledFor,
  title,
  step,
  onSaved,
  onSent,
  onClose,
}: {
  issue: NewsletterIssue | null;
  /** A new issue's first words (the post that "Publish and send" sends). */
  initial?: Omit<DraftValues, 'inArchive'>;
  /** The blog post the issue sends: the issue links it. */
  postId?: string;
  /** The post's time when it is scheduled: the issue is then sent with it, when it is published. */
  postScheduledFor?: Date | null;
  /** The heading, when not the Mail tab's own. */
  title?: string;
  step?: number;
  onSaved: (issue: NewsletterIssue) => void;
  onSent: (issueId: string, subject: string) => void;
  onClose: () => void;
}) {
  const inSequence = step !== undefined;
  const [delayDays, setDelayDays] = useState<number>(issue?.delayDays ?? (step ? step * 2 : 0));
  const [enabled, setEnabled] = useState<boolean>(issue ? issue.sequenceEnabled : true);
  const [audience, setAudience] = useState<Audience>(issue?.scheduledFor ? issue.audience : EVERYONE);
  const saveSequence = trpc.mail.saveSequenceEmail.useMutation();
  const utils = trpc.useUtils();
  const [issueId, setIssueId] = useState<string | null>(issue?.id ?? null);
  const form = useForm<DraftValues>({
    mode: 'controlled',
    initialValues: issue
      ? { subject: issue.subject, preheader: issue.preheader, body: issue.body, inArchive: issue.inArchive }
      : { ...EMPTY, ...initial },
    validate: zodValidate(issueDraftInputSchema, (values: DraftValues) => values),
  });
  const save = trpc.mail.saveDraft.useMutation();
  const send = trpc.mail.send.useMutation();
  const recipients = trpc.mail.recipientCount.useQuery({ audience }, { enabled: !inSequence });
  const toPreorders = recipients.data?.recipients === 'preorder-customers';
  const bodyEditor = useRef<MarkdownEditorHandle>(null);
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  /** Saves the form (creating the draft the first time); null when invalid or refused. */
  async function saveDraft(quiet = false): Promise<string | null> {
    if (form.validate().hasErrors) return null;
    try {
      const saved = inSequence
        ? await saveSequence.mutateAsync({ ...form.getValues(), step, delayDays, enabled })
        : await save.mutateAsync({
            ...form.getValues(),
            ...(issueId ? { id: issueId } : {}),
            ...(postId ? { postId } : {}),
          });
      setIssueId(saved.id);
      form.resetDirty();
      onSaved(saved);
      await (inSequence ? utils.mail.sequence.invalidate() : utils.mail.issues.invalidate());
      if (!quiet)
        toast({
          title: inSequence ? 'Saved' : 'Draft saved',
          description: inSequence ? `“${saved.subject}” is saved.` : `“${saved.subject}” is saved as a draft.`,
        });
      return saved.id;
    } catch (error) {
      toastFailure('Save failed', error, 'Please try again.');
      return null;
    }
  }

  async function openPreview() {
    const id = await saveDraft(true);
    if (id) {
      await utils.mail.preview.invalidate({ id });
      setPreviewId(id);
    }
  }

  async function askToSend() {
    const id = await saveDraft(true);
    if (!id) return;
    await recipients.refetch();
    setConfirming(true);
  }

  async function confirmSend() {
    if (!issueId || !recipients.data) return;
    try {
      const { queued } = await send.mutateAsync({
        id: issueId,
        expectedRecipients: recipients.data.count,
        ...(audience.kind === 'everyone' ? {} : { audience }),
      });
      setConfirming(false);
      toast({ title: 'Sending', description: `The issue is on its way to ${queued} subscribers.` });
      await utils.mail.issues.invalidate();
      onSent(issueId, form.getValues().subject);
    } catch (error) {
      setConfirming(false);
      await recipients.refetch();
      toastFailure('Not sent', error, 'Please try again.');
    }
  }

  // Set to go out with its scheduled post: when (the post's time).
  const withPost = useSendWithPost({ issue, issueId, audience, saveDraft: () => saveDraft(true) });
  const withPostAt = withPost.scheduledFor ?? postScheduledFor ?? null;

  const count = recipients.data?.count ?? 0;
  const busy = save.isPending || saveSequence.isPending || send.isPending || withPost.pending;
  const heading = inSequence
    ? step === 0
      ? 'Welcome email'
      : `Follow-up ${step}`
    : issue
      ? 'Edit draft'
      : 'New issue';

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="composer-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void saveDraft();
        }}
      >
        <Stack gap="md">
          <Title order={3} size="h4" id="composer-title">
            {title ?? heading}
          </Title>
          {inSequence && (
            <SequenceEmailSwitches
              step={step}
              enabled={enabled}
              onEnabledChange={setEnabled}
              delayDays={delayDays}
              onDelayDaysChange={setDelayDays}
            />
          )}
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
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="xs">
              <Button type="submit" disabled={busy}>
                {save.isPending || saveSequence.isPending ? 'Saving...' : inSequence ? 'Save' : 'Save draft'}
              </Button>
              <Button variant="default" onClick={() => void openPreview()} disabled={busy}>
                Preview
              </Button>
              <Button variant="subtle" onClick={onClose} disabled={busy}>
                Close
              </Button>
            </Group>
          </Group>
          <SendTestRow busy={busy} saveDraft={() => saveDraft(true)} />
          {!inSequence && <AudiencePicker value={audience} onChange={setAudience} />}
          {!inSequence && (
            <SendBar
              count={count}
              toPreorders={toPreorders}
              confirmedOnly={recipients.data?.confirmedOnly}
              withPostAt={withPostAt}
              scheduledFor={withPost.scheduledFor}
              busy={busy}
              onSend={() => void askToSend()}
              onSendWithPost={() => void withPost.sendWithPost()}
              onStopSendingWithPost={() => void withPost.stopSendingWithPost()}
            />
          )}
        </Stack>
      </form>
      <IssuePreviewModal issueId={previewId} onClose={() => setPreviewId(null)} />
      <ConfirmSendModal
        opened={confirming}
        count={count}
        confirmedOnly={recipients.data?.confirmedOnly ?? true}
        audience={audience}
        toPreorders={toPreorders}
        sending={send.isPending}
        onConfirm={() => void confirmSend()}
        onCancel={() => setConfirming(false)}
      />
    </Paper>
  );
}
