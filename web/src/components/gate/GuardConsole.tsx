import type { ReactNode } from 'react';
import { LoginOutlined, LogoutOutlined, StopOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Statistic, Typography } from 'antd';
import { IconButton } from '../IconButton';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Row } from '../crud/fieldWire';
import type { RowAction } from '../crud/types';
import type { GuardGate } from './guardGate';

/**
 * The head of a guard's manager (visits, vehicles): the gate signed in to with its change button, how many
 * are inside, and the large action buttons.
 */
export function GuardConsole({
  gate,
  onChangeGate,
  inArea,
  actions,
}: {
  gate: GuardGate;
  onChangeGate(): void;
  inArea: { title: string; value: number; loading: boolean; icon: ReactNode };
  /** The action buttons (size large); none for a reader. */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card className="visits-console" styles={{ body: { padding: '16px 20px' } }}>
      <Flex align="center" justify="space-between" gap={16} wrap>
        <Flex align="center" gap={28} wrap className="visits-console-info">
          <div className="visits-console-gate" style={{ borderInlineStartColor: gate.color ?? undefined }}>
            <Typography.Text type="secondary" className="visits-console-label">
              {t('visits.gate.signedIn')}
            </Typography.Text>
            <Flex align="center" gap={8}>
              <Typography.Text strong className="visits-console-name" data-testid="current-gate">
                {gate.name}
              </Typography.Text>
              <IconButton
                label={t('visits.gate.change')}
                type="text"
                size="small"
                icon={<SwapOutlined />}
                onClick={onChangeGate}
                data-testid="change-gate"
              />
            </Flex>
            {gate.district && <Typography.Text type="secondary">{gate.district}</Typography.Text>}
          </div>
          <Statistic
            title={inArea.title}
            value={inArea.value}
            loading={inArea.loading}
            prefix={inArea.icon}
            className="visits-console-stat"
          />
        </Flex>
        {actions && (
          <Flex gap={8} wrap className="visits-console-actions">
            {actions}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}

/**
 * The gate's three actions in the spec's words, the same for visits and vehicles: 'Zapsat vstup', 'Zapsat
 * odchod' and 'Zapsat neevidovaný odchod'; `more` stands between the second and the third.
 */
export function GateActions({
  testIdPrefix,
  onEntry,
  onLeave,
  onDeparture,
  more,
}: {
  /** Prefix of the buttons' test ids (`action-` → `action-entry`). */
  testIdPrefix: string;
  onEntry(): void;
  onLeave(): void;
  onDeparture(): void;
  more?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        type="primary"
        size="large"
        icon={<LoginOutlined />}
        onClick={onEntry}
        data-testid={`${testIdPrefix}entry`}
      >
        {t('visits.action.entry')}
      </Button>
      <Button size="large" icon={<LogoutOutlined />} onClick={onLeave} data-testid={`${testIdPrefix}leave`}>
        {t('visits.action.leave')}
      </Button>
      {more}
      <Button
        size="large"
        icon={<StopOutlined />}
        onClick={onDeparture}
        data-testid={`${testIdPrefix}departure`}
      >
        {t('visits.action.departure')}
      </Button>
    </>
  );
}

/**
 * The row actions of an entry inside, on a manager's list (visits, vehicles): its departure and its write-off
 * without a departure, for a writer of the list.
 */
export function leaveRowActions(
  t: TFunction,
  inside: (record: Row) => boolean,
  open: (kind: 'leave' | 'writeOff', record: Row) => void,
): RowAction[] {
  return [
    {
      key: 'leave',
      label: t('visits.action.leave'),
      icon: <LogoutOutlined />,
      visible: (record, page) => page.canWrite && inside(record),
      onClick: (record) => open('leave', record),
    },
    {
      key: 'writeOff',
      label: t('visits.action.writeOff'),
      icon: <StopOutlined />,
      danger: true,
      visible: (record, page) => page.canWrite && inside(record),
      onClick: (record) => open('writeOff', record),
    },
  ];
}
