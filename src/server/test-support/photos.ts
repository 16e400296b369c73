import sharp from 'sharp';

/**
 * Real photos for the image tests, made by sharp: a gradient with noise so encoders cannot
 * shrink them to nothing, optionally carrying a phone's EXIF (GPS position, camera, orientation).
 */
export async function photo(
  width: number,
  height: number,
  options: {
    format?: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';
    gps?: boolean;
    orientation?: number;
    alpha?: boolean;
  } = {},
): Promise<Buffer> {
  const { format = 'jpeg', gps = false, orientation, alpha = false } = options;
  const channels = alpha ? 4 : 3;
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * channels;
      // The left third is red and the rest blue, so a rotation can be seen in the result.
      const red = x < width / 3;
      pixels[offset] = red ? 200 : 30 + ((x * 7 + y * 3) % 40);
      pixels[offset + 1] = 40 + ((x * 13 + y * 5) % 60);
      pixels[offset + 2] = red ? 30 : 200;
      if (alpha) pixels[offset + 3] = 128;
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels } }).toFormat(format);
  if (orientation) image = image.withMetadata({ orientation });
  if (gps) {
    image = image.withExifMerge({
      IFD0: { Make: 'PhoneCo', Model: 'Pocket 9' },
      IFD3: { GPSMapDatum: 'WGS-84', GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100' },
    });
  }
  return image.toBuffer();
}

/** Whether any metadata that could locate or identify the photographer survives in a file. */
export async function metadataOf(bytes: Buffer) {
  const metadata = await sharp(bytes).metadata();
  return {
    format: metadata.format,
    width: metadata.width,
    height: metadata.height,
    exif: metadata.exif ?? null,
    xmp: metadata.xmp ?? null,
    iptc: metadata.iptc ?? null,
    orientation: metadata.orientation ?? null,
  };
}
