import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BLACKLIST_MARKERS, VEHICLE_PHOTO_WRITE, vehicle, type Entity } from '@strazce/contract';
import { formatDateTime } from '../../lib/format';
import { useAccess } from '../../lib/session';
import type { Row } from '../../components/crud/fieldWire';
import { CompanionTable, DetailFields } from '../../components/gate/DetailDialog';
import {
  BlacklistFlag,
  BlacklistMarkers,
  Masked,
  isBlacklisted,
  isMasked,
} from '../../components/gate/visitCells';
import { BlacklistHits } from '../../components/gate/warnings';
import { WithheldDocument, useDocumentReveal } from '../../components/gate/documentReveal';
import { VehiclePhotos } from './VehiclePhotos';
import { VehicleStateCell, useDwell } from './vehicleCells';
import '../../components/gate/gate.css';

const entity = vehicle as unknown as Entity;

/**
 * The groups of the detail, as the entry dialog's tabs group the form (the vehicle at the gate, its driver, its
 * trailer and cargo), then where the movement stands; fields no group names (added later) join the last.
 */
const GROUPS: Array<{ key: string; title: string; fields: string[]; wide?: string[] }> = [
  {
    key: 'vehicle',
    title: 'vehicles.form.vehicle',
    fields: ['plate', 'trailerPlate', 'purpose', 'type', 'forwarder', 'card', 'gate', 'movementTime', 'note'],
    wide: ['note'],
  },
  {
    key: 'driver',
    title: 'vehicles.form.driver',
    fields: ['driverFirstName', 'driverLastName', 'driverContact', 'documentType', 'documentNumber'],
  },
  {
    key: 'cargo',
    title: 'vehicles.form.cargo',
    fields: [
      'trailerStatus',
      'trailerTrackingNumber',
      'trailerSeal',
      'status',
      'material',
      'trackingNumber',
      'containerNumber',
    ],
  },
  {
    key: 'movement',
    title: 'vehicles.detail.movement',
    fields: ['direction', 'inArea', 'departed', 'departureTime', 'trailerInArea', 'trailerDepartureTime'],
  },
];

function groupsOf(): typeof GROUPS {
  // The blacklist markers show as the visits show them, in the checks' section.
  const named = new Set([...GROUPS.flatMap((group) => group.fields), ...BLACKLIST_MARKERS]);
  const rest = entity.fieldNames.filter((name) => !named.has(name) && !entity.fields[name].writeOnly);
  return GROUPS.map((group, index) =>
    index === GROUPS.length - 1 ? { ...group, fields: [...group.fields, ...rest] } : group,
  );
}

/**
 * The preview of a vehicle movement (/vehicles/manager and /vehicles/overview, the row's preview action): where
 * the vehicle and its trailer are, every recorded field grouped as the entry dialog groups them, the driver's
 * companions, when the record was created and changed, and the movement's photos (writers add and remove them).
 */
export function VehicleDetail({ record: given }: { record: Row }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const dwell = useDwell();
  const documents = useDocumentReveal('vehicle', given);
  const record = documents.record ?? given;
  const companions = record.companions as Row[] | undefined;
  return (
    <div className="vehicle-detail" data-testid="vehicle-detail">
      <Space size={8} wrap className="visits-detail-head vehicle-detail-head">
        <VehicleStateCell record={record} now={dwell.now} limitHours={dwell.limitHours} />
        {isBlacklisted(record) && <BlacklistFlag record={record} />}
      </Space>
      <BlacklistHits
        record={record}
        title={t('vehicles.blacklist.hitsTitle')}
        testId="vehicle-blacklist-hits"
      />
      {groupsOf().map((group) => (
        <section key={group.key} className="vehicle-detail-group" data-testid={`vehicle-detail-${group.key}`}>
          <Typography.Title level={5}>{t(group.title)}</Typography.Title>
          <DetailFields
            entity={entity}
            record={record}
            names={group.fields}
            wide={group.wide}
            value={(name) =>
              name === 'documentNumber' && documents.withheld && isMasked(record[name]) ? (
                <WithheldDocument pending={documents.pending} onShow={documents.reveal} />
              ) : isMasked(record[name]) ? (
                <Masked />
              ) : undefined
            }
          />
        </section>
      ))}
      <section className="vehicle-detail-group" data-testid="vehicle-detail-checks">
        <Typography.Title level={5}>{t('visits.blacklist.title')}</Typography.Title>
        <BlacklistMarkers record={record} expanded />
      </section>
      {Array.isArray(companions) && companions.length > 0 && (
        <div className="visits-detail-lists visits-detail-lists-one">
          <CompanionTable rows={companions} withheld={documents.withheld} />
        </div>
      )}
      <Typography.Text type="secondary" className="visits-detail-stamp">
        {t('crud.createdAt')}: {formatDateTime(record.createdAt)} · {t('crud.updatedAt')}:{' '}
        {formatDateTime(record.updatedAt)}
      </Typography.Text>
      <VehiclePhotos movement={Number(record.id)} canWrite={can(VEHICLE_PHOTO_WRITE, vehicle.module)} />
    </div>
  );
}
