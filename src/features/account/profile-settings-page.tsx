import { PageIntro } from '@/ui/page-intro';

export default function ProfileSettingsPage() {
  return <PageIntro title="Profile settings" summary="Your name, address, phone number, email and password." />;
}
