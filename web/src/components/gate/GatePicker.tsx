import { CheckCircleFilled, EnvironmentOutlined } from '@ant-design/icons';
import { Card, Empty, Flex, Modal, Select, Skeleton, Typography } from 'antd';
import type { SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GateOption } from './gates';

interface GatePickerProps {
  gates: GateOption[] | undefined;
  loading: boolean;
  currentId?: number | null;
  onChoose(gate: GateOption): void;
}

/** The gates of the site as tiles grouped by district; a click signs the guard in to that gate. */
export function GatePicker({ gates, loading, currentId, onChoose }: GatePickerProps) {
  const { t } = useTranslation();
  if (loading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!gates || gates.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('visits.gate.none')} />;
  const districts = [...new Set(gates.map((gate) => gate.district ?? ''))];
  return (
    <Flex vertical gap={20} data-testid="gate-picker">
      {districts.map((district) => (
        <div key={district}>
          {district && (
            <Typography.Text type="secondary" className="visits-gate-district">
              <EnvironmentOutlined /> {district}
            </Typography.Text>
          )}
          <div className="visits-gate-grid">
            {gates
              .filter((gate) => (gate.district ?? '') === district)
              .map((gate) => (
                <button
                  type="button"
                  key={gate.id}
                  className={
                    gate.id === currentId ? 'visits-gate-tile visits-gate-current' : 'visits-gate-tile'
                  }
                  style={{ borderInlineStartColor: gate.color ?? undefined }}
                  onClick={() => onChoose(gate)}
                  data-testid="gate-tile"
                >
                  <span className="visits-gate-name">{gate.name}</span>
                  {gate.id === currentId && (
                    <span className="visits-gate-mark">
                      <CheckCircleFilled /> {t('visits.gate.current')}
                    </span>
                  )}
                </button>
              ))}
          </div>
        </div>
      ))}
    </Flex>
  );
}

/** The first screen of the guard's console: the prompt and the gates. */
export function GateSignIn(props: GatePickerProps) {
  const { t } = useTranslation();
  return (
    <Card className="visits-gate-card" data-testid="gate-sign-in">
      <Typography.Title level={4} className="visits-gate-prompt">
        {t('visits.gate.prompt')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('visits.gate.hint')}</Typography.Paragraph>
      <GatePicker {...props} />
    </Card>
  );
}

/** Changing the gate later: the same picker in a dialog. */
export function GateDialog(props: GatePickerProps & { onCancel(): void }) {
  const { t } = useTranslation();
  return (
    <Modal open title={t('visits.gate.prompt')} onCancel={props.onCancel} footer={null} width={640}>
      <GatePicker {...props} />
    </Modal>
  );
}

/** A gate of the site to choose in a form (the guard's own is chosen by default where it fits). */
export function GateSelect({
  gates,
  ...props
}: { gates: GateOption[] } & Omit<SelectProps<number>, 'options'>) {
  return (
    <Select<number> {...props} options={gates.map((option) => ({ value: option.id, label: option.name }))} />
  );
}
