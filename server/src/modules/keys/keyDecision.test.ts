import { describe, expect, it } from 'vitest';
import { keyDecision, type RelevantPrivilege } from './keyDecision';

const p = (level: RelevantPrivilege['level'], rule: RelevantPrivilege['rule']): RelevantPrivilege => ({
  level,
  rule,
});

describe('keyDecision: the precedence of key privileges', () => {
  it('takes the key’s default rule when no privilege concerns the pair', () => {
    expect(keyDecision([], 'ALLOW')).toEqual({ allowed: true, level: 'DEFAULT' });
    expect(keyDecision([], 'DENY')).toEqual({ allowed: false, level: 'DEFAULT' });
  });

  it('lets the person on the key win over the person on its group, both ways', () => {
    expect(keyDecision([p('PERSON_GROUP', 'DENY'), p('PERSON_KEY', 'ALLOW')], 'DENY')).toEqual({
      allowed: true,
      level: 'PERSON_KEY',
    });
    expect(keyDecision([p('PERSON_GROUP', 'ALLOW'), p('PERSON_KEY', 'DENY')], 'ALLOW')).toEqual({
      allowed: false,
      level: 'PERSON_KEY',
    });
  });

  it('puts any person privilege before any team privilege', () => {
    expect(keyDecision([p('TEAM_KEY', 'DENY'), p('PERSON_GROUP', 'ALLOW')], 'DENY')).toEqual({
      allowed: true,
      level: 'PERSON_GROUP',
    });
    expect(keyDecision([p('TEAM_KEY', 'ALLOW'), p('PERSON_GROUP', 'DENY')], 'ALLOW')).toEqual({
      allowed: false,
      level: 'PERSON_GROUP',
    });
  });

  it('puts a team on the key before a team on the key’s group, and both before the default', () => {
    expect(keyDecision([p('TEAM_GROUP', 'DENY'), p('TEAM_KEY', 'ALLOW')], 'DENY')).toEqual({
      allowed: true,
      level: 'TEAM_KEY',
    });
    expect(keyDecision([p('TEAM_GROUP', 'DENY')], 'ALLOW')).toEqual({ allowed: false, level: 'TEAM_GROUP' });
    expect(keyDecision([p('TEAM_GROUP', 'ALLOW')], 'DENY')).toEqual({ allowed: true, level: 'TEAM_GROUP' });
  });

  it('lets DENY win within one level (two teams, two groups)', () => {
    expect(keyDecision([p('TEAM_KEY', 'ALLOW'), p('TEAM_KEY', 'DENY')], 'ALLOW')).toEqual({
      allowed: false,
      level: 'TEAM_KEY',
    });
    expect(keyDecision([p('PERSON_GROUP', 'DENY'), p('PERSON_GROUP', 'ALLOW')], 'ALLOW')).toEqual({
      allowed: false,
      level: 'PERSON_GROUP',
    });
  });
});
