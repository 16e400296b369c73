import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '../../../domain/limits.js';
import { useTestApp } from '../../test-support/app-context.js';
import { describeContentContract } from '../../test-support/content-contract.js';
import { bearer, createVia, expectError, getList } from '../../test-support/http.js';
import { validArtPiece } from '../../test-support/test-app.js';

const context = useTestApp();

describeContentContract(context, {
  name: 'Art piece',
  url: '/api/art',
  validPayload: () => ({ ...validArtPiece }),
  changes: { title: 'The Tower at Night', type: 'fan', artist: 'R. Quill' },
  requiredFields: {
    title: 'Title is required',
    imageUrl: 'Image is required',
    artist: 'Artist is required',
    type: 'Type must be one of: official, fan',
  },
  textBounds: {
    title: { max: TEXT_LIMITS.title },
    artist: { max: TEXT_LIMITS.name },
    description: { max: TEXT_LIMITS.description },
    imageUrl: { max: TEXT_LIMITS.url, prefix: 'https://' },
  },
});

describe('/api/art rules', () => {
  const post = (payload: object) =>
    context.t.app.inject({ method: 'POST', url: '/api/art', headers: bearer(context.token), payload });

  it('makes the description optional, defaulting to empty text', async () => {
    const { description: _description, ...noDescription } = validArtPiece;
    expect((await post(noDescription)).json()).toMatchObject({ description: '' });
    expect((await post({ ...validArtPiece, description: null })).json()).toMatchObject({ description: '' });
  });

  it('accepts both art types and refuses others', async () => {
    expect((await post({ ...validArtPiece, type: 'official' })).statusCode).toBe(201);
    expect((await post({ ...validArtPiece, type: 'fan' })).statusCode).toBe(201);
    expectError(await post({ ...validArtPiece, type: 'commissioned' }), 400, 'Type must be one of: official, fan');
  });

  it('requires the image to be an upload or an http(s) URL', async () => {
    expectError(
      await post({ ...validArtPiece, imageUrl: 'tower.png' }),
      400,
      'Image must be a valid URL or uploaded file path',
    );
  });

  it('lists official art before fan art', async () => {
    await createVia(context.t.app, '/api/art', context.token, {
      ...validArtPiece,
      type: 'fan',
      title: 'AAA fan piece',
    });
    await createVia(context.t.app, '/api/art', context.token, {
      ...validArtPiece,
      type: 'official',
      title: 'ZZZ official piece',
    });
    const types = (await getList<{ type: string }>(context.t.app, '/api/art')).map((piece) => piece.type);
    expect(types.lastIndexOf('official')).toBeLessThan(types.indexOf('fan'));
  });
});
