import { useCallback, useMemo, useState } from 'react';
import { storage } from '../../lib/storage';
import { useSession } from '../../lib/session';

/** The gate a guard works at: kept per user in local storage, and for the site it was chosen on. */
export interface GuardGate {
  siteId: number;
  id: number;
  name: string;
  color: string | null;
  district: string | null;
}

function parse(value: string | null): GuardGate | null {
  if (!value) return null;
  try {
    const gate = JSON.parse(value) as Partial<GuardGate>;
    return typeof gate.siteId === 'number' && typeof gate.id === 'number' && typeof gate.name === 'string'
      ? {
          siteId: gate.siteId,
          id: gate.id,
          name: gate.name,
          color: gate.color ?? null,
          district: gate.district ?? null,
        }
      : null;
  } catch {
    return null;
  }
}

/**
 * The guard's gate on the current site ('Vyberte bránu, ke které se chcete přihlásit'): null until the user
 * picks one, or after a switch to a site the gate does not belong to.
 */
export function useGuardGate() {
  const { user, site } = useSession();
  const stored = useMemo(() => (user ? storage.gate(user.userName) : null), [user]);
  const [gate, setGate] = useState<GuardGate | null>(() => parse(stored?.get() ?? null));
  const current = gate && site && gate.siteId === site.id ? gate : null;

  const choose = useCallback(
    (next: Omit<GuardGate, 'siteId'> | null) => {
      const value = next && site ? { ...next, siteId: site.id } : null;
      stored?.set(value ? JSON.stringify(value) : null);
      setGate(value);
    },
    [stored, site],
  );

  return { gate: current, choose };
}
