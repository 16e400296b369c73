import { TRPCError } from '@trpc/server';
import { isHoneypotFilled } from '../../../domain/fields.js';
import { contactInputSchema, preorderInputSchema } from '../../../domain/submissions.schema.js';
import { createContactSubmission } from './contact-submissions-repository.js';
import { preorderRefusal } from '../../../domain/preorders.js';
import { findBook } from '../../content/books/books-repository.js';
import { createPreorder } from '../../newsletter/preorders/preorders-repository.js';
import { formProcedure, router } from '../../trpc/trpc.js';
import { unknownReference } from '../../content/content-procedures.js';

/**
 * The contact and preorder forms (the newsletter's sign-up: newsletter/newsletter-router.ts). Answers
 * carry only a message and the new record's id, never an email back. A filled honeypot gets the same
 * answer and stores nothing.
 */
export const contactRouter = router({
  send: formProcedure.input(contactInputSchema).mutation(async ({ ctx, input }) => {
    const { website, ...submission } = input;
    if (isHoneypotFilled(website)) return { message: 'Message sent' };
    const created = await createContactSubmission(ctx.db, submission);
    ctx.mailing.authorNotices.contactReceived(created, ctx.mailLinkOrigin);
    return { id: created.id, message: 'Message sent' };
  }),
});

export const preordersRouter = router({
  create: formProcedure.input(preorderInputSchema).mutation(async ({ ctx, input }) => {
    const { website, ...preorder } = input;
    if (isHoneypotFilled(website)) return { message: 'Preorder received' };
    const book = await findBook(ctx.db, preorder.bookId);
    if (!book) throw unknownReference('The chosen book does not exist');
    // Only the book's own editions, and only before it is out.
    const refusal = preorderRefusal(book, preorder.preferredFormat);
    if (refusal) throw new TRPCError({ code: 'BAD_REQUEST', message: refusal });
    const created = await createPreorder(ctx.db, preorder);
    if (!created) throw unknownReference('The chosen book does not exist');
    ctx.mailing.authorNotices.preorderReceived(created, ctx.mailLinkOrigin);
    ctx.mailing.preorderMail.sendReceipt(created, book, ctx.mailLinkOrigin);
    return { id: created.id, message: 'Preorder received' };
  }),
});
