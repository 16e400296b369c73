import type { ArtType } from '../../../domain/art.js';
import type { ArtPiece, ArtPieceData } from '../../../domain/art.schema.js';
import type { AppDatabase } from '../../db/connection.js';
import type { ArtPieceRow } from '../../db/schema.js';
import { imageReference } from '../images/image-references-repository.js';
import { newId } from '../../db/row-conversion.js';

const ART_PIECE_COLUMNS = ['id', 'title', 'imageUrl', 'artist', 'type', 'description', 'bookId'] as const;

const toArtPiece = (row: Omit<ArtPieceRow, 'imageId'>): ArtPiece => ({ ...row, type: row.type as ArtType });

/** Official art first, then fan art, each by title. */
export async function listArtPieces(db: AppDatabase): Promise<ArtPiece[]> {
  const rows = await db
    .selectFrom('artPieces')
    .select(ART_PIECE_COLUMNS)
    .orderBy('type', 'desc')
    .orderBy('title')
    .execute();
  return rows.map(toArtPiece);
}

export async function createArtPiece(db: AppDatabase, data: ArtPieceData): Promise<ArtPiece> {
  const row = { id: newId(), ...data };
  await db
    .insertInto('artPieces')
    .values({ ...row, imageId: imageReference(data.imageUrl) })
    .execute();
  return row;
}

export async function updateArtPiece(db: AppDatabase, id: string, data: ArtPieceData): Promise<ArtPiece | undefined> {
  const result = await db
    .updateTable('artPieces')
    .set({ ...data, imageId: imageReference(data.imageUrl) })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n ? { id, ...data } : undefined;
}

export async function deleteArtPiece(db: AppDatabase, id: string): Promise<boolean> {
  const result = await db.deleteFrom('artPieces').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
