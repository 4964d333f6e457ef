/** The attribute sets of a workflow operation as its form holds them. */
export interface WorkflowRuleValues {
  withoutEditor?: boolean | null;
  compulsoryAttributes?: readonly string[] | null;
  lockedAttributes?: readonly string[] | null;
  automaticAttributes?: readonly string[] | null;
}

export const ATTRIBUTE_SETS = ['compulsoryAttributes', 'lockedAttributes', 'automaticAttributes'] as const;
export type AttributeSet = (typeof ATTRIBUTE_SETS)[number];

/** Why a control of the workflow operation form is disabled (a validation key), or null when it is not. */
export interface WorkflowLocks {
  withoutEditor: string | null;
  compulsoryAttributes: string | null;
  lockedAttributes: string | null;
}

/**
 * The contract's rule (`workflowOperationProblems`, which the server checks) as the form applies it before the user breaks it:
 * 'Přechod bez editoru' cannot be switched on while locked or compulsory attributes are set (the message says
 * which), and those two pickers cannot be changed while it is on. Automatic attributes are free: they need
 * no editor.
 */
export function workflowLocks(values: WorkflowRuleValues): WorkflowLocks {
  const locked = values.lockedAttributes ?? [];
  const compulsory = values.compulsoryAttributes ?? [];
  const withoutEditor = values.withoutEditor
    ? null
    : locked.length > 0
      ? 'validation.logisticsLockedSet'
      : compulsory.length > 0
        ? 'validation.logisticsCompulsorySet'
        : null;
  const pickers = values.withoutEditor ? 'validation.logisticsWithoutEditorSet' : null;
  return { withoutEditor, compulsoryAttributes: pickers, lockedAttributes: pickers };
}

/**
 * The attributes a set's picker may not offer, because another set has them (an attribute has one mode only:
 * compulsory, locked or automatic).
 */
export function takenElsewhere(values: WorkflowRuleValues, set: AttributeSet): Set<string> {
  return new Set(ATTRIBUTE_SETS.filter((other) => other !== set).flatMap((other) => values[other] ?? []));
}
