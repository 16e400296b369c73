import { useState } from 'react';
import { trpc } from '../../trpc.js';
import { serverErrorMessage } from '../../ui/error-message.js';
import { toast } from '../../ui/toast-store.js';

/** Runs an action, toasts its title (or what went wrong), then refreshes; resolves whether it worked. */
export function useRun(onDone: () => Promise<unknown>) {
  return async (action: Promise<unknown>, title: string, description?: string) => {
    try {
      await action;
      toast({ title, description });
      await onDone();
      return true;
    } catch (error) {
      toast({
        title: 'That did not work',
        description: serverErrorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
      return false;
    }
  };
}

/**
 * A campaign's applicants and what the Applicants panel does with them: the ticked ones, choosing the best N,
 * choosing or declining the ticked ones (the ticks clear once it worked).
 */
export function useApplicants({ campaignId, places }: { campaignId: string; places: number }) {
  const applications = trpc.arc.applications.useQuery({ campaignId });
  const utils = trpc.useUtils();
  const run = useRun(() => utils.arc.invalidate());
  const select = trpc.arc.select.useMutation();
  const decline = trpc.arc.decline.useMutation();
  const selectBest = trpc.arc.selectBest.useMutation();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const list = applications.data ?? [];
  const taken = list.filter((entry) => entry.state === 'selected' || entry.state === 'stepped-back').length;
  const [best, setBest] = useState<number | string>(Math.max(1, places - taken));
  const ids = [...chosen].filter((id) => list.some((entry) => entry.id === id && entry.state === 'applied'));

  const onChosen = async (action: Promise<unknown>, title: string) => {
    if (await run(action, title)) setChosen(new Set());
  };
  const check = (id: string, checked: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  const chooseBest = () =>
    onChosen(
      selectBest.mutateAsync({ campaignId, count: Number(best) }).then(({ selected }) => {
        if (selected === 0) throw new Error('Nobody left to choose (readers held back are skipped)');
      }),
      `Best ${best} chosen: their copies are on their way`,
    );
  const chooseTicked = () =>
    onChosen(select.mutateAsync({ campaignId, applicationIds: ids }), `${ids.length} chosen: emails queued`);
  const declineTicked = () =>
    onChosen(decline.mutateAsync({ campaignId, applicationIds: ids }), `${ids.length} declined`);

  return {
    applications,
    list,
    taken,
    run,
    chosen,
    check,
    ids,
    best,
    setBest,
    chooseBest,
    choosingBest: selectBest.isPending,
    chooseTicked,
    choosingTicked: select.isPending,
    declineTicked,
    decliningTicked: decline.isPending,
  };
}
