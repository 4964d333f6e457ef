import { Suspense } from 'react';
import type { DetailProps } from '../../components/gate/DetailDialog';
import { lazyDialog } from '../../lib/lazyDialog';

const Detail = lazyDialog(() => import('./VisitDetail').then((module) => module.VisitDetail));

/** Fetches the detail's chunk ahead, once the browser is idle (from the list page's first render). */
export const preloadVisitDetail = () => Detail.preload();

/**
 * The preview of a movement in a chunk of its own (its keys, signed documents and the document reveal are not
 * part of the visit lists' first download).
 */
export function VisitDetail(props: DetailProps) {
  return (
    <Suspense fallback={null}>
      <Detail {...props} />
    </Suspense>
  );
}
