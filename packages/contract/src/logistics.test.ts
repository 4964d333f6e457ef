import { describe, expect, it } from 'vitest';
import { logisticsExecuteSchema, workflowOperationProblems } from './entities/logistics';

describe('workflow operation rules', () => {
  it('accepts an operation with an editor and attributes in one mode each', () => {
    expect(
      workflowOperationProblems({
        withoutEditor: false,
        compulsoryAttributes: ['ramp'],
        lockedAttributes: ['licencePlate'],
        automaticAttributes: ['entry'],
      }),
    ).toEqual({});
    expect(workflowOperationProblems({ withoutEditor: true, automaticAttributes: ['leave'] })).toEqual({});
  });

  it('refuses "transition without editor" with locked attributes, and the reverse', () => {
    expect(workflowOperationProblems({ withoutEditor: true, lockedAttributes: ['ramp'] })).toEqual({
      withoutEditor: 'validation.logisticsLockedSet',
      lockedAttributes: 'validation.logisticsWithoutEditorSet',
    });
  });

  it('refuses "transition without editor" with compulsory attributes, and the reverse', () => {
    expect(workflowOperationProblems({ withoutEditor: true, compulsoryAttributes: ['ramp'] })).toEqual({
      withoutEditor: 'validation.logisticsCompulsorySet',
      compulsoryAttributes: 'validation.logisticsWithoutEditorSet',
    });
  });

  it('refuses an attribute in two modes', () => {
    expect(
      workflowOperationProblems({ compulsoryAttributes: ['entry'], automaticAttributes: ['entry'] }),
    ).toEqual({ automaticAttributes: 'validation.logisticsAttributeModes' });
  });
});

describe('executing an operation', () => {
  it('takes only known attributes', () => {
    expect(logisticsExecuteSchema.safeParse({ operation: 1, version: 0, values: { ramp: 2 } }).success).toBe(
      true,
    );
    expect(
      logisticsExecuteSchema.safeParse({ operation: 1, version: 0, values: { status: 2 } }).success,
    ).toBe(false);
  });
});
