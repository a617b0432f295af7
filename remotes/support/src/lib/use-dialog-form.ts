import type { ErrorResult } from '@portal/request';
import type { FormDialogProps } from '@portal/ui/kit';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { useSubmitAsCurrentUser } from './submit-as-current-user';

export interface DialogFormOptions<T extends FieldValues, R> {
  resolver: Resolver<T>;
  defaults: T;
  /** The call, made as the signed-in user (useSubmitAsCurrentUser). */
  send: (userId: string, values: T) => Promise<R | ErrorResult>;
  /** Shown in a snackbar when the call succeeds. */
  successMessage: string;
  /** Called with the call's result after a success, before the dialog closes. */
  onSubmitted?: (result: R) => void;
}

/**
 * A form dialog sent as the signed-in user: the form (validated as typed) and the FormDialog's
 * props. Closing the dialog clears the form; a successful send closes it.
 */
export function useDialogForm<T extends FieldValues, R>(open: boolean, onClose: () => void, { resolver, defaults, send, successMessage, onSubmitted }: DialogFormOptions<T, R>) {
  const form = useForm<T>({ resolver, mode: 'all', defaultValues: defaults as DefaultValues<T> });

  const close = () => {
    form.reset(defaults);
    onClose();
  };
  const onSubmit = useSubmitAsCurrentUser(send, successMessage, (result: R) => {
    onSubmitted?.(result);
    close();
  });

  const dialog = {
    open,
    onClose: close,
    onSubmit: form.handleSubmit(onSubmit),
    submitLabel: 'Submit',
    submitting: form.formState.isSubmitting,
    change: true,
  } satisfies Omit<FormDialogProps, 'title' | 'children'>;
  return { control: form.control, dialog };
}
