import { z } from 'zod';
import { COMMENT_MAX_LENGTH, COMMENT_STATUSES, COMMENT_TARGET_KINDS, DISPLAY_NAME_MAX_LENGTH } from './comments.js';
import { emailSchema, enumField, idSchema, requiredText } from './fields.schema.js';

/** A checkbox as JSON (true/false) or as a browser posts it ('on', or absent). */
const checkbox = (label: string) =>
  z
    .union([z.boolean(), z.enum(['on', 'true', '1', 'false', '0', ''])], {
      error: `${label} must be true or false`,
    })
    .optional()
    .transform((value) => value === true || value === 'on' || value === 'true' || value === '1');

const commentBody = requiredText('Comment', COMMENT_MAX_LENGTH);

export const commentTargetSchema = z.object({
  targetKind: enumField('Target kind', COMMENT_TARGET_KINDS),
  targetId: idSchema,
});

export const commentInputSchema = commentTargetSchema.extend({
  parentId: idSchema.optional().or(z.literal('').transform(() => undefined)),
  body: commentBody,
  spoiler: checkbox('Spoiler'),
});
export type CommentInput = z.output<typeof commentInputSchema>;

export const commentEditSchema = z.object({ id: idSchema, body: commentBody, spoiler: checkbox('Spoiler') });
export const commentByIdSchema = z.object({ id: idSchema });

export const displayNameSchema = z.object({
  displayName: requiredText('Name', DISPLAY_NAME_MAX_LENGTH).refine((name) => !/[<>\p{Cc}]/u.test(name), {
    message: 'Name cannot contain < > or control characters',
  }),
});

export const commentSignInSchema = z.object({
  email: emailSchema,
  /** The page to come back to (a post or excerpt path of this site). */
  return: z.string().max(300).optional(),
});

const holdFirstComments = z.boolean({ error: 'Hold first comments must be true or false' });
const closeAfterDays = z
  .number({ error: 'Close after must be a number of days' })
  .int('Close after must be a whole number of days')
  .min(0, 'Close after must be 0 or more days')
  .max(3650, 'Close after must be at most 3650 days');
const blockedWords = z
  .array(z.string().trim().min(1).max(60), { error: 'The word list must be a list of words' })
  .max(500, 'At most 500 words');

/** The author's comment settings (stored under COMMENT_SETTINGS_KEY). */
export const commentSettingsSchema = z.object({
  /** A reader's first comment waits for the author's approval. */
  holdFirstComments: holdFirstComments.default(true),
  /** Comments close this many days after a post's publication; 0: never. */
  closeAfterDays: closeAfterDays.default(0),
  /** Words (compared case-insensitively as whole words) that hold a comment for the author. */
  blockedWords: blockedWords.default([]),
});
export type CommentSettings = z.output<typeof commentSettingsSchema>;
/** An update: any subset (without defaults, so a setting left out keeps its stored value). */
export const commentSettingsUpdateSchema = z
  .object({
    holdFirstComments: holdFirstComments.optional(),
    closeAfterDays: closeAfterDays.optional(),
    blockedWords: blockedWords.optional(),
  })
  .strict();
export const COMMENT_SETTINGS_KEY = 'comments';

const COMMENT_MODERATION_ACTIONS = ['approve', 'hide', 'delete', 'ban', 'spoiler', 'unspoiler'] as const;
export const moderateCommentSchema = z.object({
  id: idSchema,
  action: enumField('Action', COMMENT_MODERATION_ACTIONS),
});

export const commentQueueSchema = z
  .object({
    /** One state, or `all`; without it (and without `reported`) the held ones. */
    status: enumField('Status', [...COMMENT_STATUSES, 'all']).optional(),
    reported: z.boolean({ error: 'Reported must be true or false' }).optional(),
    /** One post's or excerpt's comments (both or neither). */
    targetKind: enumField('Target kind', COMMENT_TARGET_KINDS).optional(),
    targetId: idSchema.optional(),
    limit: z.number().int().min(1).max(200).default(50),
  })
  .refine((query) => (query.targetKind === undefined) === (query.targetId === undefined), {
    message: 'Target kind and target id go together',
    path: ['targetId'],
  });

export const commentTargetSwitchSchema = commentTargetSchema.extend({
  commentsOff: z.boolean({ error: 'Comments off must be true or false' }),
});
