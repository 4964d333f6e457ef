import { CheckCircleOutlined, ClockCircleOutlined, KeyOutlined, StopOutlined } from '@ant-design/icons';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { isOverdue, overdueText, type LendTimes } from '../../lib/overdue';

/** A key's or a privilege's rule: ALLOW in green, DENY in red. */
export function RuleTag({ rule }: { rule: unknown }) {
  const { t } = useTranslation();
  if (rule !== 'ALLOW' && rule !== 'DENY') return null;
  return rule === 'ALLOW' ? (
    <Tag color="green" icon={<CheckCircleOutlined />}>
      {t('entity.keymanagement/key.values.defaultRule.ALLOW')}
    </Tag>
  ) : (
    <Tag color="red" icon={<StopOutlined />}>
      {t('entity.keymanagement/key.values.defaultRule.DENY')}
    </Tag>
  );
}

/** Whether a key is out now. */
export function LentTag({ lent }: { lent: boolean }) {
  const { t } = useTranslation();
  return lent ? (
    <Tag color="orange" icon={<KeyOutlined />} data-testid="key-lent">
      {t('keys.lent')}
    </Tag>
  ) : (
    <Tag>{t('keys.inPlace')}</Tag>
  );
}

/**
 * The due time of a lend-out; a key still out past it gets a red badge saying for how long, a key that came
 * back late says so.
 */
export function DueCell({ lend, now }: { lend: LendTimes; now: number }) {
  const { t } = useTranslation();
  const due = typeof lend.due === 'string' ? formatDateTime(lend.due) : '';
  const late = isOverdue(lend, now);
  const by = late ? overdueText(t, lend, now) : null;
  return (
    <span className="keys-due">
      {due ? <span>{due}</span> : <Typography.Text type="secondary">{t('keys.noDue')}</Typography.Text>}
      {late && (
        <Tag color="red" icon={<ClockCircleOutlined />} data-testid="key-overdue" className="keys-overdue">
          {by ? t('keys.overdueBy', { time: by }) : t('keys.overdue')}
        </Tag>
      )}
      {!late && lend.returned === true && lend.afterDue === true && (
        <Tag color="orange" className="keys-overdue">
          {t('keys.returnedLate')}
        </Tag>
      )}
    </span>
  );
}
