import { artPieceInputSchema } from '../../../domain/art.schema.js';
import { findBook } from '../books/books-repository.js';
import { createArtPiece, deleteArtPiece, listArtPieces, updateArtPiece } from './art-pieces-repository.js';
import { withReferencedImages } from '../images/responsive-images.js';
import { router } from '../../trpc/trpc.js';
import { contentProcedures, unknownReference } from '../content-procedures.js';

export const artRouter = router(
  contentProcedures({
    name: 'Art piece',
    cacheKey: 'art',
    inputSchema: artPieceInputSchema,
    list: async (db) => withReferencedImages(db, await listArtPieces(db), 'artPieces'),
    create: createArtPiece,
    update: updateArtPiece,
    remove: deleteArtPiece,
    checkReferences: async (db, data) => {
      if (data.bookId !== null && !(await findBook(db, data.bookId)))
        throw unknownReference('The chosen book does not exist');
    },
  }),
);
