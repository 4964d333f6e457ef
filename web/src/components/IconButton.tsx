import { Button, Tooltip, type ButtonProps } from 'antd';
import { useRef, useState } from 'react';

type IconButtonProps = Omit<ButtonProps, 'aria-label' | 'children' | 'title'> & {
  /** The button's name: its tooltip and what a screen reader says. */
  label: string;
  'data-action'?: string;
  'data-testid'?: string;
};

/**
 * A button that shows only its icon, named by its tooltip. The tooltip closes on the click and stays closed until
 * the pointer leaves the button: a button that opens a dialog would otherwise show it above the dialog a moment
 * later, and the topmost popup takes the Escape the user meant for the dialog.
 */
export function IconButton({ label, onClick, onMouseLeave, ...props }: IconButtonProps) {
  const [open, setOpen] = useState(false);
  const clicked = useRef(false);
  return (
    <Tooltip title={label} open={open} onOpenChange={(next) => setOpen(next && !clicked.current)}>
      <Button
        {...props}
        aria-label={label}
        onClick={(event) => {
          clicked.current = true;
          setOpen(false);
          onClick?.(event);
        }}
        onMouseLeave={(event) => {
          clicked.current = false;
          onMouseLeave?.(event);
        }}
      />
    </Tooltip>
  );
}
