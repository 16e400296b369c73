/** The admin's tabs, in order; Overview is the default. */
export const ADMIN_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'books', label: 'Books' },
  { id: 'series', label: 'Series' },
  { id: 'excerpts', label: 'Excerpts' },
  { id: 'blog', label: 'Blog' },
  { id: 'comments', label: 'Comments' },
  { id: 'pages', label: 'Pages' },
  { id: 'art', label: 'Art' },
  { id: 'contact', label: 'Contact' },
  { id: 'newsletter', label: 'Newsletter' },
  { id: 'mail', label: 'Mail' },
  { id: 'orders', label: 'Orders' },
  { id: 'arc', label: 'ARC team' },
  { id: 'preorders', label: 'Preorders' },
  { id: 'playlists', label: 'Playlists' },
  { id: 'settings', label: 'Settings' },
] as const;

export type AdminTabId = (typeof ADMIN_TABS)[number]['id'];

export const DEFAULT_ADMIN_TAB: AdminTabId = 'overview';

export function isAdminTab(value: unknown): value is AdminTabId {
  return ADMIN_TABS.some((tab) => tab.id === value);
}
