import { useEffect, useState } from 'react';
import { ClockCircleOutlined, TeamOutlined, WarningFilled } from '@ant-design/icons';
import { Badge, Space, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { KNOWN_CONFIG_PROPERTIES, type RefValue, type SiteConfigEntry } from '@strazce/contract';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import type { Row } from '../../components/crud/fieldWire';
import type { CrudPageProps } from '../../components/crud/types';
import {
  AreaState,
  BlacklistFlag,
  BlacklistMarkers,
  DirectionTag,
  GateCell,
  PersonalText,
  TimeCell,
  hasBlacklistMarkers,
  isBlacklisted,
  isMasked,
} from '../../components/gate/visitCells';

/** The site's dwell limit in hours (VEHICLE_DWELL_LIMIT_HOURS), else the default. */
export function dwellLimitHours(config: readonly SiteConfigEntry[]): number {
  const value = Number(config.find((entry) => entry.name === 'VEHICLE_DWELL_LIMIT_HOURS')?.value);
  return Number.isFinite(value) && value > 0
    ? value
    : KNOWN_CONFIG_PROPERTIES.VEHICLE_DWELL_LIMIT_HOURS.default;
}

/** The current time, renewed every minute (dwell times move on while the list is open). */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** Whole minutes from `since` to `now`. */
export function minutesSince(since: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
}

/** How long something has been in the area: '45 min', '3 h 12 min', '2 d 4 h'. */
export function formatDwell(t: TFunction, minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return t('vehicles.dwell.days', { days, hours });
  if (hours > 0) return t('vehicles.dwell.hours', { hours, minutes: rest });
  return t('vehicles.dwell.minutes', { minutes: rest });
}

/** Time in the area of an entry, red and flagged over the site's limit. */
export function DwellTag({ since, now, limitHours }: { since: string; now: number; limitHours: number }) {
  const { t } = useTranslation();
  const minutes = minutesSince(since, now);
  const over = minutes > limitHours * 60;
  return (
    <Tooltip title={over ? t('vehicles.dwell.overLimit', { hours: limitHours }) : formatDateTime(since)}>
      <Tag
        color={over ? 'error' : 'default'}
        variant={over ? 'solid' : 'filled'}
        icon={over ? <WarningFilled /> : <ClockCircleOutlined />}
        className="vehicles-dwell"
        data-testid={over ? 'dwell-over-limit' : 'dwell'}
      >
        {formatDwell(t, minutes)}
      </Tag>
    </Tooltip>
  );
}

/** Entry or departure; for an entry where the vehicle and its trailer are, and for how long. */
export function VehicleStateCell({
  record,
  now,
  limitHours,
}: {
  record: Row;
  now: number;
  limitHours: number;
}) {
  const { t } = useTranslation();
  const inside = record.direction === 'IN' && (record.inArea === true || record.trailerInArea === true);
  return (
    <div className="visits-visitor visits-movement">
      <DirectionTag direction={record.direction} />
      {record.direction === 'IN' && record.inArea !== true && record.trailerInArea === true ? (
        <Badge status="processing" text={t('vehicles.state.trailerLeft')} />
      ) : record.direction === 'IN' ? (
        <AreaState record={record} />
      ) : null}
      {inside && <DwellTag since={record.movementTime as string} now={now} limitHours={limitHours} />}
    </div>
  );
}

/**
 * The vehicle's plate, its trailer's below, then the blacklist checks of the entry (the visits' markers: the
 * driver and the plates on the government and internal lists). A movement with a hit carries the visits'
 * unmissable flag first on the line, which turns the whole row red (components/gate/gate.css).
 */
export function VehicleCell({ record }: { record: Row }) {
  const { t } = useTranslation();
  return (
    <div className="visits-visitor">
      <Space size={6} className="visits-nowrap">
        {isBlacklisted(record) && <BlacklistFlag record={record} />}
        <Typography.Text strong className="visits-nowrap vehicles-plate">
          {String(record.plate ?? '')}
        </Typography.Text>
      </Space>
      {record.trailerPlate ? (
        <Typography.Text type="secondary" className="visits-sub visits-nowrap">
          {t('vehicles.trailer', { plate: String(record.trailerPlate) })}
        </Typography.Text>
      ) : null}
      {hasBlacklistMarkers(record) ? (
        <span className="visits-visitor-sub">
          <BlacklistMarkers record={record} />
        </span>
      ) : null}
    </div>
  );
}

/**
 * The driver (personal data: masked without VIEW_PERSONAL_INFO) with how many companions came along, and the
 * forwarder below.
 */
export function DriverCell({ record }: { record: Row }) {
  const { t } = useTranslation();
  const forwarder = (record.forwarder as RefValue | null)?.label;
  const named = record.driverLastName || record.driverFirstName;
  const companions = (record.companions as unknown[] | undefined)?.length ?? 0;
  return (
    <div className="visits-visitor">
      <Space size={6} className="visits-nowrap">
        {isMasked(record.driverLastName) ? (
          <PersonalText value={record.driverLastName} />
        ) : named ? (
          <Typography.Text strong>
            {[record.driverLastName, record.driverFirstName].filter(Boolean).join(' ')}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        )}
        {companions > 0 && (
          <Tooltip title={t('visits.companionCount', { count: companions })}>
            <Tag
              icon={<TeamOutlined />}
              variant="filled"
              className="visits-count-tag"
              data-testid="companion-count"
            >
              {companions}
            </Tag>
          </Tooltip>
        )}
      </Space>
      {forwarder ? (
        <Typography.Text type="secondary" className="visits-sub">
          {forwarder}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/** The purpose, with the cargo (material, status) below. */
function PurposeCell({ record }: { record: Row }) {
  const { t } = useTranslation();
  const purpose = (record.purpose as RefValue | null)?.label;
  const material = (record.material as RefValue | null)?.label;
  const status = record.status ? t(`entity.vehicle.values.status.${String(record.status)}`) : null;
  const cargo = [material, status].filter(Boolean).join(' · ');
  return (
    <div className="visits-visitor">
      <span>{purpose ?? '—'}</span>
      {cargo ? (
        <Typography.Text type="secondary" className="visits-sub">
          {cargo}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/** A short name for a movement in confirmations: the plate (and trailer), the driver when shown. */
export function vehicleSubject(record: Row): string {
  return [record.plate, record.trailerPlate].filter(Boolean).join(' + ');
}

/** The site's dwell limit and a minute clock for the vehicle lists. */
export function useDwell(): { now: number; limitHours: number } {
  const { config } = useSession();
  return { now: useMinuteClock(), limitHours: dwellLimitHours(config ?? []) };
}

/**
 * Columns of the vehicle lists, narrow enough for 1440 px: time, movement (with where the vehicle and its
 * trailer are and for how long), vehicle (plate, trailer), driver (with the forwarder), purpose (with the
 * cargo), gate. The other fields are in the detail and the CSV export.
 */
export function vehicleColumns(
  t: TFunction,
  dwell: { now: number; limitHours: number },
): Pick<CrudPageProps, 'columns' | 'columnTitles' | 'columnWidths' | 'render'> {
  return {
    columns: ['movementTime', 'direction', 'plate', 'driverLastName', 'purpose', 'gate'],
    // The vehicle's cell carries the blacklist flag before the plate and the checks below it.
    columnWidths: { plate: 160, driverLastName: 160 },
    columnTitles: {
      direction: t('visits.columns.movement'),
      plate: t('vehicles.columns.vehicle'),
      driverLastName: t('vehicles.columns.driver'),
    },
    render: {
      movementTime: (value) => <TimeCell value={value} />,
      direction: (_, record: Row) => (
        <VehicleStateCell record={record} now={dwell.now} limitHours={dwell.limitHours} />
      ),
      plate: (_, record: Row) => <VehicleCell record={record} />,
      driverLastName: (_, record: Row) => <DriverCell record={record} />,
      purpose: (_, record: Row) => <PurposeCell record={record} />,
      gate: (value) => <GateCell value={value} />,
    },
  };
}
