import { artPieceInputSchema } from '../../../domain/art.schema.js';
import { createArtPiece, deleteArtPiece, listArtPieces, updateArtPiece } from '../../repositories/art-pieces.js';
import { router } from '../trpc.js';
import { contentProcedures } from './content-procedures.js';

export const artRouter = router(
  contentProcedures({
    name: 'Art piece',
    cacheKey: 'art',
    inputSchema: artPieceInputSchema,
    list: listArtPieces,
    create: createArtPiece,
    update: updateArtPiece,
    remove: deleteArtPiece,
  }),
);
