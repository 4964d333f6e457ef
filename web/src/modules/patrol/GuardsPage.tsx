import { Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { patrolGuard } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import type { DialogMode } from '../../components/crud/fieldWire';
import './patrolRefs';

interface PinInputProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
  mode: DialogMode;
  disabled?: boolean;
}

/** A guard's PIN: four digits, hidden as typed; left empty on edit, the PIN stays. */
function PinInput({ id, value, onChange, mode, disabled }: PinInputProps) {
  const { t } = useTranslation();
  return (
    <Input.Password
      id={id}
      value={value ?? ''}
      onChange={(event) => onChange?.(event.target.value)}
      maxLength={4}
      inputMode="numeric"
      autoComplete="new-password"
      disabled={disabled}
      placeholder={mode === 'edit' ? t('patrolSetup.pinKeep') : t('patrolSetup.pinPlaceholder')}
      style={{ maxWidth: 240 }}
    />
  );
}

/** /patrol/guards: the guards who sign in at patrol terminals with their PIN (never shown, only whether set). */
export default function GuardsPage() {
  const { t } = useTranslation();
  return (
    <CrudPage
      entity={patrolGuard}
      render={{
        pinSet: (value) =>
          value ? (
            <Tag color="green">{t('patrolSetup.pinSetYes')}</Tag>
          ) : (
            <Tag>{t('patrolSetup.pinSetNo')}</Tag>
          ),
      }}
      formItems={{ pin: ({ mode, disabled }) => <PinInput mode={mode} disabled={disabled} /> }}
    />
  );
}
