import type { ReactNode } from 'react';
import { Dialog, type DialogProps } from '../../components/Dialog';
import { buttonStyles } from './ui';

const BUTTONS = { cancel: buttonStyles.secondary, confirm: buttonStyles.primary, danger: buttonStyles.danger };
const LABELS = { cancel: 'Cancel', confirm: 'Confirm', busy: 'Working…' };

interface ActionModalProps {
  title: string;
  description: string;
  /** Submitting the modal's form is Confirm; fields (if any) go in children. */
  onSubmit: DialogProps['onSubmit'];
  onCancel: () => void;
  busy: boolean;
  danger?: boolean;
  /** A plain yes/no question before a step that cannot be undone. */
  question?: boolean;
  children?: ReactNode;
}

/** The back-office's dialog: Cancel and Confirm around an optional form, in the back-office's buttons. */
export function ActionModal({ question = false, ...props }: ActionModalProps) {
  return <Dialog {...props} role={question ? 'alertdialog' : 'dialog'} labels={LABELS} buttons={BUTTONS} />;
}
