import type { Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table interfaces as stored. Columns are snake_case in SQL and camelCase here (CamelCasePlugin).
 * Timestamps are ISO-8601 text (they sort correctly); booleans are 0/1; lists are JSON text.
 * Repositories convert these at their edge, so the same queries could run on PostgreSQL.
 */
export interface UsersTable {
  id: string;
  username: string;
  password: string;
}

export interface AdminSessionsTable {
  id: string;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
}

export interface ContactSubmissionsTable {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
}

export interface NewsletterSubscriptionsTable {
  id: string;
  email: string;
  isActive: number;
  createdAt: string;
}

export interface BooksTable {
  id: string;
  title: string;
  description: string;
  coverImage: string;
  status: string;
  price: string | null;
  order: number;
}

export interface ExcerptsTable {
  id: string;
  bookId: string;
  title: string;
  description: string;
  content: string;
  readTime: string;
  spoilerLevel: string;
}

export interface BlogPostsTable {
  id: string;
  title: string;
  summary: string;
  content: string;
  category: string;
  coverImage: string;
  publishedAt: string;
}

export interface ArtPiecesTable {
  id: string;
  title: string;
  imageUrl: string;
  artist: string;
  type: string;
  description: string;
}

export interface PlaylistsTable {
  id: string;
  title: string;
  description: string;
  tracks: string;
  spotifyUrl: string | null;
  appleMusicUrl: string | null;
  createdAt: string;
}

export interface PreordersTable {
  id: string;
  bookId: string;
  bookTitle: string;
  customerName: string;
  customerEmail: string;
  preferredFormat: string;
  phoneNumber: string | null;
  specialRequests: string | null;
  createdAt: string;
}

export interface WriteProbeTable {
  id: number;
  checkedAt: string;
}

export interface Database {
  users: UsersTable;
  adminSessions: AdminSessionsTable;
  contactSubmissions: ContactSubmissionsTable;
  newsletterSubscriptions: NewsletterSubscriptionsTable;
  books: BooksTable;
  excerpts: ExcerptsTable;
  blogPosts: BlogPostsTable;
  artPieces: ArtPiecesTable;
  playlists: PlaylistsTable;
  preorders: PreordersTable;
  writeProbe: WriteProbeTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type AdminSessionRow = Selectable<AdminSessionsTable>;
export type ContactSubmissionRow = Selectable<ContactSubmissionsTable>;
export type NewsletterSubscriptionRow = Selectable<NewsletterSubscriptionsTable>;
export type BookRow = Selectable<BooksTable>;
export type NewBookRow = Insertable<BooksTable>;
export type BookUpdate = Updateable<BooksTable>;
export type ExcerptRow = Selectable<ExcerptsTable>;
export type NewExcerptRow = Insertable<ExcerptsTable>;
export type ExcerptUpdate = Updateable<ExcerptsTable>;
export type BlogPostRow = Selectable<BlogPostsTable>;
export type NewBlogPostRow = Insertable<BlogPostsTable>;
export type BlogPostUpdate = Updateable<BlogPostsTable>;
export type ArtPieceRow = Selectable<ArtPiecesTable>;
export type NewArtPieceRow = Insertable<ArtPiecesTable>;
export type ArtPieceUpdate = Updateable<ArtPiecesTable>;
export type PlaylistRow = Selectable<PlaylistsTable>;
export type NewPlaylistRow = Insertable<PlaylistsTable>;
export type PlaylistUpdate = Updateable<PlaylistsTable>;
export type PreorderRow = Selectable<PreordersTable>;
export type NewPreorderRow = Insertable<PreordersTable>;
