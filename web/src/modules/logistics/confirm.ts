import type { HookAPI } from 'antd/es/modal/useModal';

/** A question of a confirm dialog: its texts and the `data-testid` of its OK button. */
export interface Question {
  title: string;
  content?: string;
  okText: string;
  cancelText: string;
  okTestId: string;
  danger?: boolean;
}

/** Asks the question; resolves true when the user agrees, false when they decline or close it. */
export function ask(modal: HookAPI, question: Question): Promise<boolean> {
  return new Promise((resolve) => {
    modal.confirm({
      title: question.title,
      content: question.content,
      okText: question.okText,
      cancelText: question.cancelText,
      okButtonProps: { danger: question.danger, 'data-testid': question.okTestId } as never,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/**
 * The warning of a transport planned or moved onto a ramp another transport holds at that time
 * (LOGISTICS_RAMP_OCCUPIED): asks the dispatcher; resolves true to send it again with `force: true`.
 */
export function askRampOccupied(modal: HookAPI, t: (key: string) => string): Promise<boolean> {
  return ask(modal, {
    title: t('apiError_LOGISTICS_RAMP_OCCUPIED'),
    content: t('logistics.rampWarning.question'),
    okText: t('logistics.rampWarning.planAnyway'),
    cancelText: t('crud.cancel'),
    okTestId: 'logistics-ramp-plan-anyway',
  });
}
