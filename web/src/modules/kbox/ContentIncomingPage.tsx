import { ContentPage } from './ContentPage';

/** /kbox/contentincoming: parcels for the site's people, the DEPOSITED ones (waiting) by default. */
export default function ContentIncomingPage() {
  return <ContentPage direction="INCOMING" />;
}
