import { useState } from 'react';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RefValue } from '@strazce/contract';
import { RefSelect } from '../../components/crud/RefSelect';

interface OrderedCheckpointsProps {
  id?: string;
  value?: number[];
  onChange?: (value: number[]) => void;
  /** The route's checkpoints as the record names them (edit, clone). */
  known: readonly RefValue[];
  disabled?: boolean;
}

/** A route's checkpoints in the order they are passed: picked one by one, moved up and down, removed. */
export function OrderedCheckpoints({ id, value = [], onChange, known, disabled }: OrderedCheckpointsProps) {
  const { t } = useTranslation();
  const [labels, setLabels] = useState(() => new Map(known.map((item) => [item.id, item.label])));
  const move = (index: number, delta: number) => {
    const next = [...value];
    const [item] = next.splice(index, 1);
    next.splice(index + delta, 0, item);
    onChange?.(next);
  };
  const button = (label: string, icon: React.ReactNode, onClick: () => void, off: boolean) => (
    <Tooltip title={label}>
      <Button
        size="small"
        type="text"
        aria-label={label}
        icon={icon}
        onClick={onClick}
        disabled={disabled || off}
      />
    </Tooltip>
  );
  return (
    <div className="patrol-order" id={id}>
      {value.length === 0 ? (
        <Typography.Text type="secondary">{t('patrolSetup.noCheckpoints')}</Typography.Text>
      ) : (
        <ol className="patrol-order-list" data-testid="route-checkpoints">
          {value.map((checkpoint, index) => (
            <li key={checkpoint} className="patrol-order-item">
              <span className="patrol-order-label">{labels.get(checkpoint) ?? `#${checkpoint}`}</span>
              {button(t('patrolSetup.moveUp'), <ArrowUpOutlined />, () => move(index, -1), index === 0)}
              {button(
                t('patrolSetup.moveDown'),
                <ArrowDownOutlined />,
                () => move(index, 1),
                index === value.length - 1,
              )}
              {button(
                t('patrolSetup.remove'),
                <DeleteOutlined />,
                () => onChange?.(value.filter((item) => item !== checkpoint)),
                false,
              )}
            </li>
          ))}
        </ol>
      )}
      <RefSelect
        resource="patrol/checkpoint"
        value={null}
        disabled={disabled}
        placeholder={t('patrolSetup.addCheckpoint')}
        onChangeRef={(picked) => {
          if (!picked || value.includes(picked.id)) return;
          setLabels((previous) => new Map(previous).set(picked.id, picked.label));
          onChange?.([...value, picked.id]);
        }}
      />
    </div>
  );
}
