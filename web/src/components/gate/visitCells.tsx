import {
  CarOutlined,
  CheckCircleOutlined,
  MinusCircleOutlined,
  QuestionCircleOutlined,
  LaptopOutlined,
  LockOutlined,
  LoginOutlined,
  LogoutOutlined,
  StopOutlined,
  TeamOutlined,
  UserOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Badge, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  BLACKLIST_MARKERS,
  MASKED_VALUE,
  visit,
  type BlacklistHit,
  type BlacklistMarker,
  type BlacklistResult,
  type RefValue,
} from '@strazce/contract';
import { formatDateTime, formatShortDate, formatShortTime } from '../../lib/format';
import { enumLabel } from '../crud/labels';
import type { Row } from '../crud/fieldWire';

/** Is this value personal data the caller may not see (the server sent the mask)? */
export const isMasked = (value: unknown) =>
  value === MASKED_VALUE ||
  (typeof value === 'object' && value !== null && (value as RefValue).label === MASKED_VALUE);

/** A personal value hidden from users without VIEW_PERSONAL_INFO (or withheld by the site: `hint` says so). */
export function Masked({ hint }: { hint?: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={hint ?? t('visits.maskedHint')}>
      <Tag icon={<LockOutlined />} variant="filled" className="visits-masked" data-testid="masked">
        {t('visits.masked')}
      </Tag>
    </Tooltip>
  );
}

const empty = <Typography.Text type="secondary">—</Typography.Text>;

/** A text value, the mask, or a dash. */
export function PersonalText({
  value,
  strong,
  nowrap,
  maskedHint,
}: {
  value: unknown;
  strong?: boolean;
  nowrap?: boolean;
  /** The mask's hint instead of the usual one. */
  maskedHint?: string;
}) {
  if (isMasked(value)) return <Masked hint={maskedHint} />;
  if (value === null || value === undefined || value === '') return empty;
  const text = typeof value === 'object' ? (value as RefValue).label : String(value);
  const className = nowrap ? 'visits-nowrap' : undefined;
  return strong ? (
    <Typography.Text strong className={className}>
      {text}
    </Typography.Text>
  ) : (
    <span className={className}>{text}</span>
  );
}

/** Entry (IN) or departure (OUT). */
export function DirectionTag({ direction }: { direction: unknown }) {
  const { t } = useTranslation();
  if (direction !== 'IN' && direction !== 'OUT') return empty;
  return (
    <Tag
      color={direction === 'IN' ? 'green' : 'blue'}
      icon={direction === 'IN' ? <LoginOutlined /> : <LogoutOutlined />}
      variant="filled"
    >
      {enumLabel(t, visit, 'direction', direction)}
    </Tag>
  );
}

/** Where the visitor of an entry is: in the area, departed (when), or written off without a departure. */
export function AreaState({ record }: { record: Row }) {
  const { t } = useTranslation();
  if (record.direction !== 'IN') return empty;
  if (record.inArea) return <Badge status="processing" text={t('visits.state.inArea')} />;
  const time = record.departureTime ? formatShortTime(record.departureTime as string) : null;
  if (record.departed)
    return (
      <Tooltip title={formatDateTime(record.departureTime as string)}>
        <span className="visits-nowrap">
          <Badge status="default" text={t('visits.state.left')} />
          {time && (
            <Typography.Text type="secondary" className="visits-sub visits-state-time">
              {time}
            </Typography.Text>
          )}
        </span>
      </Tooltip>
    );
  return (
    <Tooltip title={formatDateTime(record.departureTime as string)}>
      <Badge status="warning" text={t('visits.state.writtenOff')} />
    </Tooltip>
  );
}

const MARKER_ICONS: Record<BlacklistMarker, React.ReactNode> = {
  blacklistGovernmentPerson: <UserOutlined />,
  blacklistGovernmentVehicle: <CarOutlined />,
  blacklistInternalPerson: <UserOutlined />,
  blacklistInternalVehicle: <CarOutlined />,
};

const MARKER_GROUPS = [
  ['government', ['blacklistGovernmentPerson', 'blacklistGovernmentVehicle']],
  ['internal', ['blacklistInternalPerson', 'blacklistInternalVehicle']],
] as const;

/** The text key, tag colour, icon and compact-mark class of each result. */
const RESULT_LOOKS: Record<
  BlacklistResult,
  { text: string; color: string; icon: React.ReactNode; mark: string }
> = {
  HIT: {
    text: 'visits.blacklist.hit',
    color: 'error',
    icon: <WarningOutlined />,
    mark: 'visits-check-mark visits-check-mark-hit',
  },
  OK: {
    text: 'visits.blacklist.ok',
    color: 'success',
    icon: <CheckCircleOutlined />,
    mark: 'visits-check-mark',
  },
  NOT_CHECKED: {
    text: 'visits.blacklist.notChecked',
    color: 'default',
    icon: <MinusCircleOutlined />,
    mark: 'visits-check-mark visits-check-mark-none',
  },
  UNAVAILABLE: {
    text: 'visits.blacklist.unavailable',
    color: 'warning',
    icon: <QuestionCircleOutlined />,
    mark: 'visits-check-mark visits-check-mark-unavailable',
  },
};

const resultOf = (record: Row, marker: BlacklistMarker): BlacklistResult | null => {
  const value = record[marker];
  return typeof value === 'string' && value in RESULT_LOOKS ? (value as BlacklistResult) : null;
};

/** Does the record carry any blacklist marker (a check that ran, or one that could not)? */
export const hasBlacklistMarkers = (record: Row) =>
  BLACKLIST_MARKERS.some((marker) => resultOf(record, marker) !== null);

/**
 * The blacklist result markers of an entry (spec section 9): government and internal list, person and
 * vehicle, each hit or ok, and for the government register also "not checked" (no register configured) or
 * "unavailable" (the register did not answer; the entry was recorded anyway); a check that did not apply
 * (no plate) is left out. Compact in the list (one chip per list with a person and a vehicle icon), spelled
 * out in the detail.
 */
export function BlacklistMarkers({ record, expanded }: { record: Row; expanded?: boolean }) {
  const { t } = useTranslation();
  const present = (marker: BlacklistMarker) => resultOf(record, marker) !== null;
  const markers = BLACKLIST_MARKERS.filter(present);
  if (markers.length === 0) return empty;
  const describe = (marker: BlacklistMarker) =>
    `${t(`visits.blacklist.${marker}`)}: ${t(RESULT_LOOKS[resultOf(record, marker)!].text)}`;
  if (expanded)
    return (
      <Space size={4} wrap className="visits-markers" data-testid="blacklist-markers">
        {markers.map((marker) => {
          const result = resultOf(record, marker)!;
          const looks = RESULT_LOOKS[result];
          return (
            <Tag
              key={marker}
              color={looks.color}
              variant={result === 'HIT' ? 'solid' : 'filled'}
              icon={looks.icon}
              data-marker={marker}
              data-result={result}
            >
              {describe(marker)}
            </Tag>
          );
        })}
      </Space>
    );
  return (
    <Space size={4} className="visits-markers visits-nowrap" data-testid="blacklist-markers">
      {MARKER_GROUPS.map(([group, members]) => {
        const shown = members.filter(present);
        if (shown.length === 0) return null;
        const hit = shown.some((marker) => record[marker] === 'HIT');
        return (
          <Tooltip key={group} title={shown.map(describe).join(' · ')}>
            <span className={hit ? 'visits-check visits-check-hit' : 'visits-check'}>
              {t(`visits.blacklist.short.${group}`)}
              {shown.map((marker) => (
                <span
                  key={marker}
                  className={RESULT_LOOKS[resultOf(record, marker)!].mark}
                  data-marker={marker}
                  data-result={resultOf(record, marker)!}
                >
                  {MARKER_ICONS[marker]}
                </span>
              ))}
            </span>
          </Tooltip>
        );
      })}
    </Space>
  );
}

/** Does the record have a blacklist hit (any list)? */
export const isBlacklisted = (record: Row) => BLACKLIST_MARKERS.some((marker) => record[marker] === 'HIT');

/**
 * The unmissable mark of a visitor with a blacklist hit: a solid red tag with a stop sign and the word, its
 * tooltip naming the lists and reasons. The list row around it turns red too (gate.css, `:has`).
 */
export function BlacklistFlag({ record }: { record: Row }) {
  const { t } = useTranslation();
  if (!isBlacklisted(record)) return null;
  const hits = (record.blacklistHits as BlacklistHit[] | undefined) ?? [];
  const lists =
    hits.length > 0
      ? hits.map((hit) => [t(`visits.blacklist.${hit.list}`), hit.reason].filter(Boolean).join(': '))
      : BLACKLIST_MARKERS.filter((marker) => record[marker] === 'HIT').map((marker) =>
          t(`visits.blacklist.${marker}`),
        );
  return (
    <Tooltip title={t('visits.blacklist.flagHint', { lists: lists.join(' · ') })}>
      <Tag
        color="error"
        variant="solid"
        icon={<StopOutlined />}
        className="visits-blacklist-flag"
        data-testid="blacklist-flag"
      >
        {t('visits.blacklist.flag')}
      </Tag>
    </Tooltip>
  );
}

/**
 * The visitor: last and first name with the card and how many companions and items came along; below, the
 * company and the blacklist checks.
 */
export function VisitorCell({ record }: { record: Row }) {
  const { t } = useTranslation();
  const companions = (record.companions as unknown[] | undefined)?.length ?? 0;
  const equipment = (record.equipment as unknown[] | undefined)?.length ?? 0;
  const name = [record.lastName, record.firstName].filter(Boolean).join(' ');
  const checked = hasBlacklistMarkers(record);
  return (
    <div className="visits-visitor">
      <Space size={6} className="visits-nowrap">
        {/* First on the line: a narrow screen cuts the name, never the mark. */}
        {isBlacklisted(record) && <BlacklistFlag record={record} />}
        {isMasked(record.lastName) ? (
          <Masked />
        ) : record.anonymized && !name ? (
          <Tooltip title={t('visits.anonymizedHint')}>
            <Tag icon={<StopOutlined />} variant="filled">
              {t('visits.anonymized')}
            </Tag>
          </Tooltip>
        ) : (
          <Typography.Text strong className="visits-name" title={name}>
            {name || '—'}
          </Typography.Text>
        )}
        {record.tag ? (
          <Tooltip title={t('visits.cardTip')}>
            <Tag variant="outlined" className="visits-count-tag">
              {String(record.tag)}
            </Tag>
          </Tooltip>
        ) : null}
        {companions > 0 && (
          <Tooltip title={t('visits.companionCount', { count: companions })}>
            <Tag icon={<TeamOutlined />} variant="filled" className="visits-count-tag">
              {companions}
            </Tag>
          </Tooltip>
        )}
        {equipment > 0 && (
          <Tooltip title={t('visits.equipmentCount', { count: equipment })}>
            <Tag icon={<LaptopOutlined />} variant="filled" className="visits-count-tag">
              {equipment}
            </Tag>
          </Tooltip>
        )}
      </Space>
      {record.company || checked ? (
        <span className="visits-visitor-sub">
          {record.company ? (
            <Typography.Text
              type="secondary"
              className="visits-sub visits-clip"
              title={String(record.company)}
            >
              {String(record.company)}
            </Typography.Text>
          ) : null}
          {checked ? <BlacklistMarkers record={record} /> : null}
        </span>
      ) : null}
    </div>
  );
}

/** The purpose of the visit, with the visited person and their company below. */
export function PurposeCell({ record }: { record: Row }) {
  const visited = [record.visitedFirstName, record.visitedLastName].filter(Boolean).join(' ');
  const purpose = (record.purpose as RefValue | null)?.label;
  const below = [visited, record.visitedCompany ? String(record.visitedCompany) : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="visits-visitor visits-cell-purpose">
      <span className="visits-clip" title={purpose}>
        {purpose ?? '—'}
      </span>
      {visited ? (
        <Typography.Text type="secondary" className="visits-sub visits-clip" title={below}>
          {below}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/** The gate of a movement (a long name wraps). */
export function GateCell({ value }: { value: unknown }) {
  const gate = (value as RefValue | null)?.label;
  if (!gate) return empty;
  return <span className="visits-cell-gate">{gate}</span>;
}

/** Entry or departure, with where the visitor of an entry is now below. */
export function MovementCell({ record }: { record: Row }) {
  return (
    <div className="visits-visitor visits-movement">
      <DirectionTag direction={record.direction} />
      {record.direction === 'IN' ? <AreaState record={record} /> : null}
    </div>
  );
}

/** When: hours and minutes, with the day below (the whole date and time on hover). */
export function TimeCell({ value }: { value: unknown }) {
  if (!value) return empty;
  return (
    <Tooltip title={formatDateTime(value as string)}>
      <div className="visits-visitor visits-nowrap">
        <Typography.Text strong>{formatShortTime(value as string)}</Typography.Text>
        <Typography.Text type="secondary" className="visits-sub">
          {formatShortDate(value as string)}
        </Typography.Text>
      </div>
    </Tooltip>
  );
}
