export const SPOILER_LEVELS = ['none', 'minor', 'major'] as const;
export type SpoilerLevel = (typeof SPOILER_LEVELS)[number];
export const DEFAULT_SPOILER_LEVEL: SpoilerLevel = 'none';

export type SpoilerBadge = { label: string; color: 'green' | 'yellow' | 'red' | 'gray' };

const SPOILER_BADGES: Record<SpoilerLevel, SpoilerBadge> = {
  none: { label: 'No Spoilers', color: 'green' },
  minor: { label: 'Minor Spoilers', color: 'yellow' },
  major: { label: 'Major Spoilers', color: 'red' },
};

export function spoilerBadgeFor(level: string): SpoilerBadge {
  // Own keys only: a level such as 'toString' must not find Object.prototype's members.
  return Object.hasOwn(SPOILER_BADGES, level)
    ? SPOILER_BADGES[level as SpoilerLevel]
    : { label: 'Unknown', color: 'gray' };
}
