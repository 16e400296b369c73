import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import type { NewsletterIssue } from '../../../domain/newsletter-issues.js';
import { EVERYONE, type Audience } from '../../../domain/newsletter-interests.js';
import { trpc } from '../../trpc.js';
import { AudiencePicker } from './AudiencePicker.js';
import { ConfirmSendModal } from './ConfirmSendModal.js';
import { IssueDraftFields } from './IssueDraftFields.js';
import { IssuePreviewModal } from './IssuePreviewModal.js';
import { SendBar } from './SendBar.js';
import { SendTestRow } from './SendTestRow.js';
import { SequenceEmailSwitches } from './SequenceEmailSwitches.js';
import { useIssueDraft, type DraftValues } from './use-issue-draft.js';
import { useIssueSend } from './use-issue-send.js';
import { useSendWithPost } from './use-send-with-post.js';

const headingOf = (step: number | undefined, editing: boolean) =>
  step === undefined ? (editing ? 'Edit draft' : 'New issue') : step === 0 ? 'Welcome email' : `Follow-up ${step}`;

type IssueComposerProps = {
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
};

/** Save (a draft, or a sequence email), Preview (saved first) and Close. */
function DraftButtons(props: {
  busy: boolean;
  saving: boolean;
  inSequence: boolean;
  onPreview: () => void;
  onClose: () => void;
}) {
  const { busy, saving, inSequence, onPreview, onClose } = props;
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="xs">
        <Button type="submit" disabled={busy}>
          {saving ? 'Saving...' : inSequence ? 'Save' : 'Save draft'}
        </Button>
        <Button variant="default" onClick={onPreview} disabled={busy}>
          Preview
        </Button>
        <Button variant="subtle" onClick={onClose} disabled={busy}>
          Close
        </Button>
      </Group>
    </Group>
  );
}

/** Who gets the issue, and the send bar: send now, or with its scheduled post. */
function SendControls(props: {
  audience: Audience;
  onAudienceChange: (audience: Audience) => void;
  sending: ReturnType<typeof useIssueSend>;
  withPost: ReturnType<typeof useSendWithPost>;
  withPostAt: Date | null;
  busy: boolean;
}) {
  const { sending, withPost } = props;
  return (
    <>
      <AudiencePicker value={props.audience} onChange={props.onAudienceChange} />
      <SendBar
        count={sending.count}
        toPreorders={sending.toPreorders}
        confirmedOnly={sending.recipients?.confirmedOnly}
        withPostAt={props.withPostAt}
        scheduledFor={withPost.scheduledFor}
        busy={props.busy}
        onSend={() => void sending.askToSend()}
        onSendWithPost={() => void withPost.sendWithPost()}
        onStopSendingWithPost={() => void withPost.stopSendingWithPost()}
      />
    </>
  );
}

/** The preview of the issue as sent: opened once the draft is saved, with its HTML fetched afresh. */
function useIssuePreview(saveDraft: () => Promise<string | null>) {
  const utils = trpc.useUtils();
  const [issueId, setIssueId] = useState<string | null>(null);
  async function open() {
    const id = await saveDraft();
    if (id) {
      await utils.mail.preview.invalidate({ id });
      setIssueId(id);
    }
  }
  return { issueId, open, close: () => setIssueId(null) };
}

/**
 * Writing an issue: save as draft, preview as sent, send a test, then send to every subscriber or
 * a group. With `step` it edits a welcome-sequence email instead (0: the welcome email, 1–3 a
 * follow-up): saved with its delay and on/off switch, sent by the queue on confirmation.
 */
export function IssueComposer(props: IssueComposerProps) {
  const { issue, initial, postId, postScheduledFor, title, step, onSaved, onSent, onClose } = props;
  const inSequence = step !== undefined;
  const [audience, setAudience] = useState<Audience>(issue?.scheduledFor ? issue.audience : EVERYONE);
  const draft = useIssueDraft({ issue, initial, postId, step, onSaved });
  const { form, issueId, saveDraft } = draft;
  const sending = useIssueSend({
    issueId,
    audience,
    inSequence,
    saveDraft: () => saveDraft(true),
    onSent: (id) => onSent(id, form.getValues().subject),
  });
  const preview = useIssuePreview(() => saveDraft(true));

  // Set to go out with its scheduled post: when (the post's time).
  const withPost = useSendWithPost({ issue, issueId, audience, saveDraft: () => saveDraft(true) });
  const withPostAt = withPost.scheduledFor ?? postScheduledFor ?? null;
  const busy = draft.saving || sending.sending || withPost.pending;

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
            {title ?? headingOf(step, issue !== null)}
          </Title>
          {inSequence && (
            <SequenceEmailSwitches
              step={step}
              enabled={draft.enabled}
              onEnabledChange={draft.setEnabled}
              delayDays={draft.delayDays}
              onDelayDaysChange={draft.setDelayDays}
            />
          )}
          <IssueDraftFields form={form} />
          <DraftButtons
            busy={busy}
            saving={draft.saving}
            inSequence={inSequence}
            onPreview={() => void preview.open()}
            onClose={onClose}
          />
          <SendTestRow busy={busy} saveDraft={() => saveDraft(true)} />
          {!inSequence && (
            <SendControls
              audience={audience}
              onAudienceChange={setAudience}
              sending={sending}
              withPost={withPost}
              withPostAt={withPostAt}
              busy={busy}
            />
          )}
        </Stack>
      </form>
      <IssuePreviewModal issueId={preview.issueId} onClose={preview.close} />
      <ConfirmSendModal
        opened={sending.confirming}
        count={sending.count}
        confirmedOnly={sending.recipients?.confirmedOnly ?? true}
        audience={audience}
        toPreorders={sending.toPreorders}
        sending={sending.sending}
        onConfirm={() => void sending.confirmSend()}
        onCancel={sending.cancel}
      />
    </Paper>
  );
}
