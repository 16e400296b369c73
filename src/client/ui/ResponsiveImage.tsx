import type { CSSProperties } from 'react';
import type { ResponsiveImageData } from '../../domain/images.js';
import classes from './ResponsiveImage.module.css';

type Props = {
  src: string;
  /** The upload's variants; without them (SVG demo art, another site's image) a plain <img> is shown. */
  image?: ResponsiveImageData | undefined;
  alt: string;
  /** How wide the image is shown, as the `sizes` attribute: the browser picks the variant from it. */
  sizes: string;
  /** The box to reserve when there are no variants to give the intrinsic size. */
  width: number;
  height: number;
  /** The page's largest image in the first screen: fetched first, never lazily. */
  priority?: boolean;
  /** Images far from the first screen wait until they are scrolled near. */
  lazy?: boolean;
  /**
   * Fill the box with the image's colour until it arrives. Off where the image is letterboxed
   * (object-fit: contain), since the colour would stay around it.
   */
  placeholder?: boolean;
  className?: string | undefined;
  style?: CSSProperties;
};

const FALLBACK_TYPES = new Set(['image/jpeg', 'image/png']);

const srcSetOf = (variants: ResponsiveImageData['variants']) =>
  variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');

/**
 * Every public image: AVIF and WebP for browsers that take them, JPEG (or PNG) otherwise, each
 * at several widths so a phone downloads a phone-sized file; the width and height reserve the
 * box (no layout shift) and the image's mean colour fills it until the file arrives.
 */
export function ResponsiveImage({
  src,
  image,
  alt,
  sizes,
  width,
  height,
  priority,
  lazy,
  placeholder = true,
  className,
  style,
}: Props) {
  const loading = priority ? undefined : lazy ? 'lazy' : undefined;
  const fetchPriority = priority ? 'high' : undefined;
  if (!image) {
    return (
      <img
        className={className}
        style={style}
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
      />
    );
  }
  const ofType = (type: string) => image.variants.filter((variant) => variant.type === type);
  const fallback = image.variants.filter((variant) => FALLBACK_TYPES.has(variant.type));
  // The src for browsers without srcset: a mid-sized fallback, never the full original.
  const defaultSrc = (fallback.find((variant) => variant.width >= 640) ?? fallback[fallback.length - 1])?.url ?? src;
  return (
    <picture className={classes.picture}>
      {['image/avif', 'image/webp'].map((type) => {
        const variants = ofType(type);
        return variants.length > 0 ? <source key={type} type={type} srcSet={srcSetOf(variants)} sizes={sizes} /> : null;
      })}
      <img
        className={className}
        style={placeholder ? { backgroundColor: image.placeholder, ...style } : style}
        src={defaultSrc}
        srcSet={fallback.length > 0 ? srcSetOf(fallback) : undefined}
        sizes={sizes}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
      />
    </picture>
  );
}
