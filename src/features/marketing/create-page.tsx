import { PageIntro } from '@/ui/page-intro';

export default function CreatePage() {
  return <PageIntro title="Start something new" summary="Three ways to begin: pick a plan in the store, talk to us, or create an account." />;
}
