import { useState } from 'react';
import type { Audience } from '../../../domain/newsletter-interests.js';
import { trpc } from '../../trpc.js';
import { toastFailure } from '../../ui/form-feedback.js';
import { toast } from '../../ui/toast-store.js';

/**
 * Sending an issue to its audience: the recipients counted (not for a sequence email), "Send" saves and asks
 * for confirmation with the count fresh, and the confirmed send queues it for exactly that many.
 */
export function useIssueSend({
  issueId,
  audience,
  inSequence,
  saveDraft,
  onSent,
}: {
  issueId: string | null;
  audience: Audience;
  inSequence: boolean;
  saveDraft: () => Promise<string | null>;
  onSent: (issueId: string) => void;
}) {
  const utils = trpc.useUtils();
  const send = trpc.mail.send.useMutation();
  const recipients = trpc.mail.recipientCount.useQuery({ audience }, { enabled: !inSequence });
  const [confirming, setConfirming] = useState(false);

  async function askToSend() {
    const id = await saveDraft();
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
      onSent(issueId);
    } catch (error) {
      setConfirming(false);
      await recipients.refetch();
      toastFailure('Not sent', error, 'Please try again.');
    }
  }

  return {
    recipients: recipients.data,
    count: recipients.data?.count ?? 0,
    toPreorders: recipients.data?.recipients === 'preorder-customers',
    confirming,
    cancel: () => setConfirming(false),
    askToSend,
    confirmSend,
    sending: send.isPending,
  };
}
