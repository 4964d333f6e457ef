import { ContentPage } from './ContentPage';

/** /kbox/contentoutgoing: parcels the site's people send out through the keyboxes. */
export default function ContentOutgoingPage() {
  return <ContentPage direction="OUTGOING" />;
}
