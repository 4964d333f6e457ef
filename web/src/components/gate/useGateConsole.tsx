import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { GateDialog, GateSignIn } from './GatePicker';
import { useGates } from './gates';
import { useGuardGate } from './guardGate';

/**
 * The gate of a guard's console (visits, vehicles, key lend-outs): the remembered gate while it is still one
 * of the site's valid gates, the sign-in screen to show until there is one, and the dialog that changes it.
 */
export function useGateConsole() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { gate: storedGate, choose } = useGuardGate();
  const gates = useGates();
  const [changing, setChanging] = useState(false);
  // A remembered gate that is gone or no longer valid asks again.
  const gate =
    storedGate && gates.data && !gates.data.some((option) => option.id === storedGate.id) ? null : storedGate;

  const signIn = (
    <GateSignIn
      gates={gates.data}
      loading={gates.isLoading}
      onChoose={({ id, name, color, district }) => choose({ id, name, color, district })}
    />
  );
  const gateDialog = changing ? (
    <GateDialog
      gates={gates.data}
      loading={gates.isLoading}
      currentId={gate?.id}
      onChoose={({ id, name, color, district }) => {
        choose({ id, name, color, district });
        setChanging(false);
        message.success(t('visits.gate.changed', { gate: name }));
      }}
      onCancel={() => setChanging(false)}
    />
  ) : null;

  return {
    gate,
    gates: gates.data ?? [],
    /** The sign-in screen ('Vyberte bránu, ke které se chcete přihlásit') while `gate` is null. */
    signIn,
    changeGate: () => setChanging(true),
    /** The gate change dialog, while open. */
    gateDialog,
  };
}
