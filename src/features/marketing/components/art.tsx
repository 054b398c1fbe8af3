interface ArtProps {
  src: string;
  width: number;
  height: number;
  /** Empty (the default) for decoration the text beside it already says. */
  alt?: string;
  /** Above the fold: load at once. Everything else loads lazily. */
  eager?: boolean;
  /** Raster art only: the same picture at other widths ("file 480w, file 960w"), and how wide it
   *  is shown, so phones fetch the small one. SVG needs neither. */
  srcSet?: string;
  sizes?: string;
  className?: string;
}

/** Our own artwork, sized up front so it never shifts the layout. */
export function Art({ src, width, height, alt = '', eager = false, srcSet, sizes, className }: ArtProps) {
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
    />
  );
}
