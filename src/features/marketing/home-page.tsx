import { ButtonLink } from '@/ui/button';
import { PageIntro } from '@/ui/page-intro';
import { paths } from '@/config/paths';

export default function HomePage() {
  return (
    <PageIntro title="Software that ships. Internet from space." summary="We design and build websites, apps, SaaS and AI products for ambitious teams — and we run Space, our satellite-internet service.">
      <ButtonLink to={paths.contact} variant="accent">
        Start your project
      </ButtonLink>
    </PageIntro>
  );
}
