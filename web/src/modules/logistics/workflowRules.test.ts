import { describe, expect, it } from 'vitest';
import { workflowOperationProblems } from '@strazce/contract';
import { takenElsewhere, workflowLocks } from './workflowRules';

describe('the workflow operation form', () => {
  it('disables "without editor" while locked or compulsory attributes are set, saying which', () => {
    expect(workflowLocks({ lockedAttributes: ['ramp'] }).withoutEditor).toBe('validation.logisticsLockedSet');
    expect(workflowLocks({ compulsoryAttributes: ['note'] }).withoutEditor).toBe(
      'validation.logisticsCompulsorySet',
    );
    expect(workflowLocks({ automaticAttributes: ['entry'] })).toEqual({
      withoutEditor: null,
      compulsoryAttributes: null,
      lockedAttributes: null,
    });
  });

  it('disables the compulsory and locked pickers while "without editor" is on, not the automatic one', () => {
    expect(workflowLocks({ withoutEditor: true })).toEqual({
      withoutEditor: null,
      compulsoryAttributes: 'validation.logisticsWithoutEditorSet',
      lockedAttributes: 'validation.logisticsWithoutEditorSet',
    });
  });

  it('never lets the form reach a state the contract refuses', () => {
    // A value the disabled controls cannot make: switching on needs empty sets, filling needs it off.
    for (const values of [
      { lockedAttributes: ['ramp'] },
      { compulsoryAttributes: ['note'] },
      { withoutEditor: true },
    ])
      expect(workflowOperationProblems(values)).toEqual({});
  });

  it('offers an attribute in one set only', () => {
    const values = {
      compulsoryAttributes: ['note'],
      lockedAttributes: ['ramp'],
      automaticAttributes: ['entry'],
    };
    expect([...takenElsewhere(values, 'compulsoryAttributes')].sort()).toEqual(['entry', 'ramp']);
    expect([...takenElsewhere(values, 'automaticAttributes')].sort()).toEqual(['note', 'ramp']);
  });
});
