/** The 404 page: the route table's catch-all, and what a page shows for an address it cannot
 *  resolve (an unknown case study). */
import { PAGE_TITLES } from '@/config/page-titles';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/ui/button';
import { PageIntro } from '@/ui/page-intro';

export default function NotFoundPage() {
  return (
    <PageIntro eyebrow="404" title={PAGE_TITLES.notFound} summary="The page you are looking for does not exist or has moved.">
      <ButtonLink to={paths.home}>Go to the home page</ButtonLink>
    </PageIntro>
  );
}
