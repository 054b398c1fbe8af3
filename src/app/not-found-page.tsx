import { paths } from '@/config/paths';
import { ButtonLink } from '@/ui/button';
import { PageIntro } from '@/ui/page-intro';

export default function NotFoundPage() {
  return (
    <PageIntro eyebrow="404" title="Page not found" summary="The page you are looking for does not exist or has moved.">
      <ButtonLink to={paths.home}>Go to the home page</ButtonLink>
    </PageIntro>
  );
}
