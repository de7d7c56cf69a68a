import { PlaceholderPage } from '@/components/PlaceholderPage';

/** /help: the help desk and contact details arrive with the help issue (spec part 2). */
export default function HelpPage() {
  return <PlaceholderPage title="Help" />;
}
