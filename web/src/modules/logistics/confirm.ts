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
