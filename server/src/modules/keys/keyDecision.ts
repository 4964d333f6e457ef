import { KEY_DECISION_LEVELS, type KeyDecisionLevel, type KeyRule } from '@strazce/contract';

/** A privilege that concerns a (key, holder) pair, with the level of the precedence it stands on. */
export interface RelevantPrivilege {
  level: Exclude<KeyDecisionLevel, 'DEFAULT'>;
  rule: KeyRule;
}

export interface KeyDecision {
  allowed: boolean;
  /** The level that decided: the first one with a privilege, else the key's default rule. */
  level: KeyDecisionLevel;
}

/**
 * Whether a holder may hold a key (docs/keys.md): the most specific level with a privilege decides — the person
 * on the key, the person on a group of the key, a team of the person on the key, a team on a group of the key —
 * and within that level DENY wins over ALLOW; with no privilege at all, the key's default rule.
 */
export function keyDecision(privileges: readonly RelevantPrivilege[], defaultRule: KeyRule): KeyDecision {
  for (const level of KEY_DECISION_LEVELS) {
    if (level === 'DEFAULT') break;
    const rules = privileges.filter((privilege) => privilege.level === level).map((p) => p.rule);
    if (rules.length > 0) return { allowed: !rules.includes('DENY'), level };
  }
  return { allowed: defaultRule === 'ALLOW', level: 'DEFAULT' };
}
