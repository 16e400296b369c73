/** The welcome email every new site starts with (on by default; the author edits it in Mail). */
export const DEFAULT_WELCOME_EMAIL = {
  subject: 'Welcome to the Ashwardens',
  preheader: 'Your gift from the archive, and what comes next.',
  body: [
    'Thank you for joining. You are now among the first to hear when a new book, chapter or secret leaves the archive.',
    '',
    'If a gift is waiting for subscribers, your personal download link is just below: it works on your phone, e-reader and computer for 30 days.',
    '',
    'Where to begin? The series is best read in order, starting with [The Ashwarden](/books). Every few weeks I will write with news of the next book, excerpts before anyone else sees them, and art from the world of Vesperhold.',
    '',
    'You can tell me which series you follow, or pause the letters for a while, from the preferences link at the foot of every email.',
    '',
    '— Delphine',
  ].join('\n'),
} as const;
