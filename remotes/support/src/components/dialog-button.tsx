import Button from '@mui/material/Button';
import { ChangeAction } from '@portal/ui/kit';
import { useState, type ComponentType } from 'react';

export type DialogButtonProps = {
  /** The button's label (Raise Ticket, Give Feedback). */
  label: string;
  /** The form dialog the button opens. */
  dialog: ComponentType<{ open: boolean; onClose: () => void; onSubmitted?: () => void }>;
  onSubmitted?: () => void;
};

/** A page header's button that opens a form dialog; it changes data, so read-only users see it disabled. */
export function DialogButton({ label, dialog: Dialog, onSubmitted }: DialogButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ChangeAction>
        <Button variant="contained" onClick={() => setOpen(true)}>
          {label}
        </Button>
      </ChangeAction>
      <Dialog open={open} onClose={() => setOpen(false)} onSubmitted={onSubmitted} />
    </>
  );
}
