/** The public pages in the navigation bar, in order. */
export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/books', label: 'Books' },
  { to: '/excerpts', label: 'Excerpts' },
  { to: '/art-music', label: 'Art & Music' },
  { to: '/blog', label: 'Blog' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
] as const;
