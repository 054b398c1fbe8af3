import heroSvg from './hero-art.svg?raw';
import styles from './hero-art.module.scss';

/** The home page's hero illustration: a product dashboard, its phone app and a Space satellite on
 *  the amber orbit. Inlined rather than an <img>: it arrives with the pre-rendered HTML (no request,
 *  nothing to wait for) and, unlike an image, can never become the page's largest contentful paint
 *  in place of the heading. Decorative: the heading and summary beside it say what it shows. */
export function HeroArt() {
  return <div className={styles.art} aria-hidden="true" dangerouslySetInnerHTML={{ __html: heroSvg }} />;
}
