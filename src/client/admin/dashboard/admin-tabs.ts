/** The admin's tabs, in order; Books is the default. */
export const ADMIN_TABS = [
  { id: 'books', label: 'Books' },
  { id: 'series', label: 'Series' },
  { id: 'excerpts', label: 'Excerpts' },
  { id: 'blog', label: 'Blog' },
  { id: 'art', label: 'Art' },
  { id: 'contact', label: 'Contact' },
  { id: 'newsletter', label: 'Newsletter' },
  { id: 'mail', label: 'Mail' },
  { id: 'preorders', label: 'Preorders' },
  { id: 'playlists', label: 'Playlists' },
  { id: 'settings', label: 'Settings' },
] as const;

export type AdminTabId = (typeof ADMIN_TABS)[number]['id'];

export const DEFAULT_ADMIN_TAB: AdminTabId = 'books';

export function isAdminTab(value: unknown): value is AdminTabId {
  return ADMIN_TABS.some((tab) => tab.id === value);
}
