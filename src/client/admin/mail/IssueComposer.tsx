import { Button, Checkbox, Group, NumberInput, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import type { MarkdownEditorHandle } from '../editor/MarkdownEditor.js';
import type { NewsletterIssue } from '../../../domain/newsletter-issues.js';
import {
  issueDraftInputSchema,
  ISSUE_LIMITS,
  MAX_FOLLOW_UP_DELAY_DAYS,
} from '../../../domain/newsletter-issues.schema.js';
import { EVERYONE, type Audience } from '../../../domain/newsletter-interests.js';
import { AudiencePicker } from './AudiencePicker.js';
import { emailSchema } from '../../../domain/fields.schema.js';
import { trpc } from '../../trpc.js';
import { toast } from '../../ui/toast-store.js';
import { zodValidate } from '../../ui/zod-validate.js';
import { ConfirmSendModal, recipientsLabel } from './ConfirmSendModal.js';
import { FeaturePostPicker } from './FeaturePostPicker.js';
import { IssueBodyField } from './IssueBodyField.js';
import { IssuePreviewModal } from './IssuePreviewModal.js';
import { toastFailure } from '../../ui/form-feedback.js';
import { formatWithZone } from '../blog/publish-time.js';

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
  // Set to go out with its scheduled post: when (the post's time).
  const [scheduledFor, setScheduledFor] = useState<Date | null>(issue?.scheduledFor ?? null);
  const withPostAt = scheduledFor ?? postScheduledFor ?? null;
  const scheduleWithPost = trpc.mail.scheduleWithPost.useMutation();
  const unscheduleWithPost = trpc.mail.unscheduleWithPost.useMutation();
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
  const sendTest = trpc.mail.sendTest.useMutation();
  const send = trpc.mail.send.useMutation();
  const recipients = trpc.mail.recipientCount.useQuery({ audience }, { enabled: !inSequence });
  const toPreorders = recipients.data?.recipients === 'preorder-customers';
  const bodyEditor = useRef<MarkdownEditorHandle>(null);
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [testAddress, setTestAddress] = useState('');
  const [testError, setTestError] = useState<string | null>(null);
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

  async function submitTest() {
    const address = emailSchema.safeParse(testAddress);
    if (!address.success) {
      setTestError(address.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    setTestError(null);
    const id = await saveDraft(true);
    if (!id) return;
    try {
      const result = await sendTest.mutateAsync({ id, to: address.data });
      toast({ title: 'Test sent', description: result.message });
    } catch (error) {
      toastFailure('Test failed', error, 'Please try again.');
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

  /** Sends the issue with its scheduled post, when that is published (by the site's job). */
  async function sendWithPost() {
    const id = await saveDraft(true);
    if (!id) return;
    try {
      const saved = await scheduleWithPost.mutateAsync({ id, ...(audience.kind === 'everyone' ? {} : { audience }) });
      setScheduledFor(saved.scheduledFor);
      toast({
        title: 'Scheduled',
        description: `“${saved.subject}” goes out with the post, ${saved.scheduledFor ? formatWithZone(saved.scheduledFor) : ''}.`,
      });
      await utils.mail.issues.invalidate();
    } catch (error) {
      toastFailure('Not scheduled', error, 'Please try again.');
    }
  }

  async function stopSendingWithPost() {
    if (!issueId) return;
    try {
      await unscheduleWithPost.mutateAsync({ id: issueId });
      setScheduledFor(null);
      toast({ title: 'Not sent with the post', description: 'The issue stays a draft.' });
      await utils.mail.issues.invalidate();
    } catch (error) {
      toastFailure('Not changed', error, 'Please try again.');
    }
  }

  const count = recipients.data?.count ?? 0;
  const busy =
    save.isPending ||
    saveSequence.isPending ||
    sendTest.isPending ||
    send.isPending ||
    scheduleWithPost.isPending ||
    unscheduleWithPost.isPending;
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
            <Group gap="md" align="flex-end" wrap="wrap">
              <Switch
                label={step === 0 ? 'Send the welcome email on confirmation' : 'Send this follow-up'}
                checked={enabled}
                onChange={(event) => setEnabled(event.currentTarget.checked)}
              />
              {step !== 0 && (
                <NumberInput
                  label="Days after confirmation"
                  min={0}
                  max={MAX_FOLLOW_UP_DELAY_DAYS}
                  allowDecimal={false}
                  value={delayDays}
                  onChange={(value) => setDelayDays(typeof value === 'number' ? value : 0)}
                  w={200}
                />
              )}
            </Group>
          )}
          {step === 0 && (
            <Text size="sm" c="dimmed">
              The active gift (Mail → Gift) is added under this text with each reader’s own download link.
            </Text>
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
          <Group align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              label="Send a test to…"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={testAddress}
              error={testError}
              onChange={(event) => setTestAddress(event.currentTarget.value)}
              w={{ base: '100%', sm: 320 }}
            />
            <Button variant="default" onClick={() => void submitTest()} disabled={busy}>
              {sendTest.isPending ? 'Sending test...' : 'Send test'}
            </Button>
          </Group>
          {!inSequence && <AudiencePicker value={audience} onChange={setAudience} />}
          <Group justify="flex-end" gap="sm" wrap="wrap" display={inSequence ? 'none' : undefined}>
            <Text size="sm" c="dimmed">
              {toPreorders
                ? count === 0
                  ? 'Nobody to write to: this book has no preorders (or each address bounced, complained or was suppressed).'
                  : 'A preorder update: it goes to everyone who preordered this book, subscribed or not, once per address, with a footer saying why they get it and a link to cancel the preorder. It does not subscribe them to the newsletter.'
                : recipients.data?.confirmedOnly === false
                  ? 'Confirmation is not required: every active subscriber receives it.'
                  : 'Only confirmed, active subscribers receive it.'}
            </Text>
            {withPostAt === null ? (
              <Button color="red.9" onClick={() => void askToSend()} disabled={busy || count === 0} data-toast-avoid>
                {`Send to ${recipientsLabel(count, toPreorders)}`}
              </Button>
            ) : scheduledFor === null ? (
              <Button color="red.9" onClick={() => void sendWithPost()} disabled={busy} data-toast-avoid>
                {`Send with the post, ${formatWithZone(withPostAt)}`}
              </Button>
            ) : (
              <Button variant="default" onClick={() => void stopSendingWithPost()} disabled={busy} data-toast-avoid>
                Don’t send with the post
              </Button>
            )}
          </Group>
          {scheduledFor && (
            <Text size="sm" role="status">
              {`Scheduled: goes out when its post is published, ${formatWithZone(scheduledFor)}, to ${recipientsLabel(count, toPreorders)} as of now (whoever is in the audience then). Rescheduling the post moves it; taking the post back to a draft leaves this a draft.`}
            </Text>
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
