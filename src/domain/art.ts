export const ART_TYPES = ['official', 'fan'] as const;
export type ArtType = (typeof ART_TYPES)[number];
export const DEFAULT_ART_TYPE: ArtType = 'official';
export const ART_TYPE_LABELS: Record<ArtType, string> = { official: 'Official', fan: 'Fan Art' };
