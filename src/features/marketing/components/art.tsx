interface ArtProps {
  src: string;
  width: number;
  height: number;
  /** Empty (the default) for decoration the text beside it already says. */
  alt?: string;
  /** Above the fold: load at once. Everything else loads lazily. */
  eager?: boolean;
  className?: string;
}

/** Our own artwork, sized up front so it never shifts the layout. */
export function Art({ src, width, height, alt = '', eager = false, className }: ArtProps) {
  return (
    <img
      src={src}
      width={width}
      height={height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
    />
  );
}
