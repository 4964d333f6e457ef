import { useCallback, useRef, type ReactNode } from 'react';
import { App, Modal, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** The first control a user types into, inside `root` (not a close button, not a disabled or hidden input). */
const FIRST_FIELD = [
  'input:not([type=hidden]):not([disabled]):not([readonly])',
  'textarea:not([disabled]):not([readonly])',
  '[contenteditable="true"]',
].join(', ');

/** A date picker still loading (components/pickers): its inert box holds the place of a field to come. */
const LOADING_FIELD = '.picker-placeholder';

/** How long the focus waits for a loading picker that is the first field. */
const LOADING_WAIT_MS = 5_000;

/**
 * Puts the focus into the first field of a dialog's body (when nothing inside already has it). When the first
 * field is a date picker still loading (the first dialog of a session with one), the focus waits for it rather
 * than starting in the field after it.
 */
export function focusFirstField(root: HTMLElement | null): void {
  if (!root) return;
  if (root.contains(document.activeElement) && document.activeElement?.matches(FIRST_FIELD)) return;
  const first = [...root.querySelectorAll<HTMLElement>(`${FIRST_FIELD}, ${LOADING_FIELD}`)].find(
    (element) => element.getClientRects().length > 0,
  );
  if (first?.matches(LOADING_FIELD)) {
    const observer = new MutationObserver(() => {
      if (first.isConnected) return;
      observer.disconnect();
      if (root.isConnected) focusFirstField(root);
    });
    observer.observe(root, { childList: true, subtree: true });
    setTimeout(() => observer.disconnect(), LOADING_WAIT_MS);
    return;
  }
  first?.focus();
}

/**
 * `requestClose` of a dialog that may hold unsaved work: when `isDirty()` says something was changed, it
 * asks whether to discard the changes first (and asks once, however often Escape is pressed).
 */
export function useDiscardGuard(isDirty: () => boolean, onClose: () => void): () => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const asking = useRef(false);
  return useCallback(() => {
    if (!isDirty()) {
      onClose();
      return;
    }
    if (asking.current) return;
    asking.current = true;
    modal.confirm({
      title: t('crud.discard.title'),
      content: t('crud.discard.content'),
      okText: t('crud.discard.ok'),
      okButtonProps: { danger: true, 'data-testid': 'discard-confirm' } as never,
      cancelText: t('crud.discard.keep'),
      cancelButtonProps: { 'data-testid': 'discard-keep' } as never,
      className: 'discard-confirm',
      // Enter or a hasty click keeps the work; discarding takes a deliberate choice.
      autoFocusButton: 'cancel',
      onOk: () => {
        asking.current = false;
        onClose();
      },
      onCancel: () => {
        asking.current = false;
      },
    });
  }, [isDirty, onClose, modal, t]);
}

export interface GuardedModalProps extends Omit<ModalProps, 'onCancel' | 'mask'> {
  /** Whether the user changed something a close would throw away (e.g. `() => form.isFieldsTouched()`). */
  isDirty(): boolean;
  /** Closes the dialog (after the user agreed to discard the changes, when there were any). */
  onClose(): void;
  /** Puts the focus into the first field when the dialog has opened (default true). */
  focusFirst?: boolean;
  children?: ReactNode;
}

/**
 * The one frame of every dialog with a form: Escape, the × and a click beside the dialog close it at once
 * when nothing was changed, and ask before discarding changes otherwise; the focus starts in the first field.
 * (A Cancel button of the dialog's own footer closes without asking: the user said so.)
 */
export function GuardedModal({
  isDirty,
  onClose,
  focusFirst = true,
  afterOpenChange,
  children,
  ...modal
}: GuardedModalProps) {
  const requestClose = useDiscardGuard(isDirty, onClose);
  const body = useRef<HTMLDivElement>(null);
  return (
    <Modal
      open
      destroyOnHidden
      {...modal}
      mask={{ closable: true }}
      onCancel={(event) => {
        // A click on Cancel of the dialog's own footer: the user said so. Escape, × and the mask ask first —
        // also Escape pressed while the focus is on a footer button (after a refused submit).
        const inFooter = (event?.target as Element | undefined)?.closest?.('.ant-modal-footer');
        if (inFooter && event?.type === 'click') onClose();
        else requestClose();
      }}
      afterOpenChange={(open) => {
        if (open && focusFirst) focusFirstField(body.current);
        afterOpenChange?.(open);
      }}
    >
      <div ref={body} className="guarded-modal-body">
        {children}
      </div>
    </Modal>
  );
}
