import { trpc } from '../../trpc.js';
import { serverErrorMessage } from '../../ui/error-message.js';
import { toast } from '../../ui/toast-store.js';
import { downloadWithAdminKey } from '../ui/download-file.js';
import { useAdminDownload } from '../ui/use-admin-download.js';

/** The Launch panel's two actions: downloading the review links as CSV, and thanking the reviewers (once each). */
export function useLaunchActions(campaignId: string) {
  const utils = trpc.useUtils();
  const thank = trpc.arc.thankReviewers.useMutation();
  const csv = useAdminDownload({
    download: (key) =>
      downloadWithAdminKey(`/api/admin/arc/campaigns/${encodeURIComponent(campaignId)}/reviews.csv`, key, {
        fallbackName: 'arc-reviews.csv',
        failureMessage: 'Failed to download the review links. Please try again.',
      }),
    successTitle: 'Download started',
    failureTitle: 'Download failed',
    failureMessage: 'Failed to download the review links. Please try again.',
  });

  async function thankReviewers() {
    try {
      const { queued } = await thank.mutateAsync({ campaignId });
      toast({
        title: queued ? `Thank-you queued for ${queued} ${queued === 1 ? 'reader' : 'readers'}` : 'Nobody new to thank',
        description: 'Each reviewer is thanked once, through the send queue.',
      });
      await utils.arc.launch.invalidate({ campaignId });
    } catch (error) {
      toast({
        title: 'That did not work',
        description: serverErrorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  }

  return { csv, thanking: thank.isPending, thankReviewers };
}

export type LaunchActions = ReturnType<typeof useLaunchActions>;
