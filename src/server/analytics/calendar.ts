/** Analytics counts by UTC day (`YYYY-MM-DD`) and hour. */
export const dayOf = (time: Date): string => time.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  const time = new Date(`${day}T00:00:00.000Z`);
  time.setUTCDate(time.getUTCDate() + days);
  return dayOf(time);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
