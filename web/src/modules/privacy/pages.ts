import type { PageLoader } from '../../lib/pageLoader';

/** Pages of privacy (docs/privacy.md): retention, legal holds and the record of processing; the next run. */
export const privacyPages: Record<string, PageLoader> = {
  '/admin/privacy': () => import('./PrivacyPage'),
  '/admin/privacy/preview': () => import('./RetentionPreviewPage'),
  '/admin/privacy/requests': () => import('./SubjectRequestPage'),
  '/admin/privacy/access': () => import('./AccessLogPage'),
};
