import type { ReactNode } from 'react';
import { Button, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { FailureAlert, type Failure } from './FailureAlert';
import { GuardedModal } from './GuardedModal';

/** What went wrong, shown above a dialog's form. */
export type DialogProblem = Failure;

/** The body of a tall dialog scrolls inside the window, never sideways. */
export const SCROLLING_BODY = {
  body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto', overflowX: 'hidden' },
} as const;

interface ActionDialogProps {
  /** Shown before the title. */
  icon?: ReactNode;
  title: ReactNode;
  width: number;
  /** The request is on its way: the buttons wait. */
  busy: boolean;
  submitText: string;
  submitDisabled?: boolean;
  /** `data-testid` of the submit button. */
  submitTestId: string;
  onSubmit(): void;
  onClose(): void;
  problem?: DialogProblem | null;
  /** The dialog's form: a close by Escape, × or a click beside asks first when a field was changed. */
  form?: FormInstance;
  /** Unsaved work besides the form's fields (default: a field of `form` was changed). */
  isDirty?(): boolean;
  /** A long form: its body scrolls inside the window. */
  long?: boolean;
  children: ReactNode;
}

/**
 * The frame of the visit and advice dialogs that send something (entry, departure, advice, entry from an
 * advice): the title with its icon, the problem above the form, and Cancel beside the submit button.
 */
export function ActionDialog({
  icon,
  title,
  width,
  busy,
  submitText,
  submitDisabled,
  submitTestId,
  onSubmit,
  onClose,
  problem,
  form,
  isDirty,
  long,
  children,
}: ActionDialogProps) {
  const { t } = useTranslation();
  return (
    <GuardedModal
      isDirty={isDirty ?? (() => form?.isFieldsTouched() ?? false)}
      onClose={onClose}
      title={
        icon ? (
          <Space size={10}>
            {icon}
            {title}
          </Space>
        ) : (
          title
        )
      }
      width={width}
      className="visits-dialog"
      styles={long ? SCROLLING_BODY : undefined}
      footer={
        <Space>
          <Button onClick={onClose} disabled={busy}>
            {t('crud.cancel')}
          </Button>
          <Button
            type="primary"
            loading={busy}
            disabled={submitDisabled}
            onClick={onSubmit}
            data-testid={submitTestId}
          >
            {submitText}
          </Button>
        </Space>
      }
    >
      <FailureAlert failure={problem} className="visits-alert" />
      {children}
    </GuardedModal>
  );
}
