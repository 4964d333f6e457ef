import { useEffect, useState } from 'react';
import type { PatrolSignIn, PatrolTerminalGuards } from '@strazce/contract';
import { GuardChoice } from './GuardChoice';
import { PinSignIn } from './PinSignIn';
import { terminalApi } from './terminalApi';

/**
 * The guard's sign-in: with the PIN, or — on a terminal whose `pinSet` is off — by choosing their name from the
 * site's guards. Until the terminal has said which (or when it cannot be asked), the PIN keypad.
 */
export function GuardSignIn(props: {
  token: string;
  onSignedIn(signIn: PatrolSignIn): void;
  onUnpair(): void;
}) {
  const { token } = props;
  const [choice, setChoice] = useState<PatrolTerminalGuards | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    terminalApi
      .guards(token, controller.signal)
      .then(setChoice)
      .catch(() => undefined);
    return () => controller.abort();
  }, [token]);
  return choice && !choice.pinSet ? (
    <GuardChoice {...props} guards={choice.guards} />
  ) : (
    <PinSignIn {...props} />
  );
}
