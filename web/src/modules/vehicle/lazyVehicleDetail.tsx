import { Suspense, lazy } from 'react';
import { Spin } from 'antd';
import type { Row } from '../../components/crud/fieldWire';

const Detail = lazy(() => import('./VehicleDetail').then((module) => ({ default: module.VehicleDetail })));

/**
 * The movement detail, loaded when a guard first opens one: its photos (upload, camera, preview) are not part of
 * the vehicle lists' own download.
 */
export function VehicleDetail({ record }: { record: Row }) {
  return (
    <Suspense fallback={<Spin className="vehicles-detail-loading" />}>
      <Detail record={record} />
    </Suspense>
  );
}
