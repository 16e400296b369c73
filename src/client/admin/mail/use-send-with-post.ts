import { useState } from 'react';
import type { Audience } from '../../../domain/newsletter-interests.js';
import type { NewsletterIssue } from '../../../domain/newsletter-issues.js';
import { trpc } from '../../trpc.js';
import { toastFailure } from '../../ui/form-feedback.js';
import { toast } from '../../ui/toast-store.js';
import { formatWithZone } from '../blog/publish-time.js';

/**
 * An issue set to go out with its scheduled post (sent by the site's job when the post is published):
 * when it goes (`scheduledFor`, null when it is not set to), and setting or clearing that.
 */
export function useSendWithPost({
  issue,
  issueId,
  audience,
  saveDraft,
}: {
  issue: NewsletterIssue | null;
  issueId: string | null;
  audience: Audience;
  saveDraft: () => Promise<string | null>;
}) {
  const [scheduledFor, setScheduledFor] = useState<Date | null>(issue?.scheduledFor ?? null);
  const scheduleWithPost = trpc.mail.scheduleWithPost.useMutation();
  const unscheduleWithPost = trpc.mail.unscheduleWithPost.useMutation();
  const utils = trpc.useUtils();

  async function sendWithPost() {
    const id = await saveDraft();
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

  return {
    scheduledFor,
    sendWithPost,
    stopSendingWithPost,
    pending: scheduleWithPost.isPending || unscheduleWithPost.isPending,
  };
}
