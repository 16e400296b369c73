// heic-decode ships no types: the part of its API the HEIC worker uses.
declare module 'heic-decode' {
  type DecodedImage = { width: number; height: number; data: Uint8ClampedArray };
  type ImageHeader = { width: number; height: number; decode: () => Promise<DecodedImage> };
  const decode: {
    (input: { buffer: Uint8Array }): Promise<DecodedImage>;
    all: (input: { buffer: Uint8Array }) => Promise<ImageHeader[] & { dispose: () => void }>;
  };
  export default decode;
}
