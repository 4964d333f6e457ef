import {
  CalendarOutlined,
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
} from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { visitAdvice, type RefValue } from '@strazce/contract';
import { formatDate, formatDateTime } from '../../lib/format';
import { enumLabel } from '../../components/crud/labels';
import type { Row } from '../../components/crud/fieldWire';

/** The day(s) of an advice: a one-time date, or the multiple-entry range. */
export function AdviceDays({ record }: { record: Row }) {
  const { t } = useTranslation();
  if (record.oneTimeDate)
    return (
      <span className="advice-days">
        <CalendarOutlined /> {formatDate(record.oneTimeDate as string)}
        {record.oneTimeClosed ? (
          <Tag variant="filled" className="advice-used">
            {t('advice.used')}
          </Tag>
        ) : null}
      </span>
    );
  if (record.validFrom || record.validTo)
    return (
      <Tooltip title={t('advice.multipleEntry')}>
        <span className="advice-days">
          <CalendarOutlined /> {formatDate(record.validFrom as string)} –{' '}
          {formatDate(record.validTo as string)}
        </span>
      </Tooltip>
    );
  return <span>—</span>;
}

const STATUS_STYLE = {
  PENDING: { color: 'gold', icon: <ClockCircleOutlined /> },
  APPROVED: { color: 'green', icon: <CheckCircleOutlined /> },
  REJECTED: { color: 'red', icon: <CloseCircleOutlined /> },
} as const;

/** PENDING, APPROVED or REJECTED (with the reason and who answered on hover). */
export function AdviceStatus({ record }: { record: Row }) {
  const { t } = useTranslation();
  const status = record.status as keyof typeof STATUS_STYLE;
  const style = STATUS_STYLE[status];
  if (!style) return <span>—</span>;
  const answered = record.responseDate
    ? t('advice.answered', {
        time: formatDateTime(record.responseDate as string),
        user: (record.responseUser as { label?: string } | null)?.label ?? '—',
      })
    : null;
  const tip = [answered, record.responseReason ? String(record.responseReason) : null]
    .filter(Boolean)
    .join(' — ');
  return (
    <Tooltip title={tip || undefined}>
      <Tag color={style.color} icon={style.icon} variant="filled" data-status={status}>
        {enumLabel(t, visitAdvice, 'status', status)}
      </Tag>
    </Tooltip>
  );
}

/** A person in a list: the name, with the company below (both cut short; the whole on hover). */
function PersonCell({ name, company, strong }: { name: string; company: unknown; strong?: boolean }) {
  if (!name) return <span>—</span>;
  return (
    <div className="advice-visitor">
      {strong ? (
        <strong className="advice-name visits-clip" title={name}>
          {name}
        </strong>
      ) : (
        <span className="advice-name visits-clip" title={name}>
          {name}
        </span>
      )}
      {company ? (
        <span className="advice-sub advice-name visits-clip" title={String(company)}>
          {String(company)}
        </span>
      ) : null}
    </div>
  );
}

/** The visitor: last and first name, with the company below. */
export function AdviceVisitor({ record }: { record: Row }) {
  const name = [record.lastName, record.firstName].filter(Boolean).join(' ');
  return <PersonCell name={name} company={record.company} strong />;
}

/** The visited person: first and last name, with the company below. */
export function AdviceVisited({ record }: { record: Row }) {
  const name = [record.visitedFirstName, record.visitedLastName].filter(Boolean).join(' ');
  return <PersonCell name={name} company={record.visitedCompany} />;
}

/** The category, with the reason below (cut short; the whole on hover and in the preview). */
export function AdviceCategory({ record }: { record: Row }) {
  const category = (record.category as RefValue | null)?.label;
  const reason = record.reason ? String(record.reason) : null;
  return (
    <div className="advice-visitor advice-cell-category">
      <span>{category ?? '—'}</span>
      {reason ? (
        <span className="advice-sub visits-clip" title={reason}>
          {reason}
        </span>
      ) : null}
    </div>
  );
}
