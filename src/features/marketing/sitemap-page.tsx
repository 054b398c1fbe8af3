import { PageIntro } from '@/ui/page-intro';

export default function SitemapPage() {
  return <PageIntro title="Sitemap" summary="Every page of the site, grouped." />;
}
