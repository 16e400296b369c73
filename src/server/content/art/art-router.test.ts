import { describe, expect, it } from 'vitest';
import { describeContentRouter } from '../../test-support/content-router-contract.js';
import { validArtPiece } from '../../test-support/test-app.js';
import { useCallers } from '../../test-support/trpc.js';

const context = useCallers();

describeContentRouter(context, {
  name: 'Art piece',
  pick: (caller) => caller.art,
  validInput: () => ({ ...validArtPiece }),
  changes: { type: 'fan', artist: 'A. Reader' },
  invalid: [
    [{ title: '' }, 'Title is required'],
    [{ artist: 42 }, 'Artist is required'],
    [{ imageUrl: 'tower.png' }, 'Image must be a valid URL or uploaded file path'],
    [{ type: 'unofficial' }, 'Type must be one of: official, fan'],
  ],
});

describe('art router rules', () => {
  it('defaults the description to empty text', async () => {
    const { description: _description, ...rest } = validArtPiece;
    expect((await context.admin.art.create(rest)).description).toBe('');
  });
});
