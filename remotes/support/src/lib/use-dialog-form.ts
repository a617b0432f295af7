import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';

/** A dialog's form (validated as typed) and a close that clears it. */
export function useDialogForm<T extends FieldValues>(resolver: Resolver<T>, defaults: T, onClose: () => void) {
  const form = useForm<T>({ resolver, mode: 'all', defaultValues: defaults as DefaultValues<T> });

  const close = () => {
    form.reset(defaults);
    onClose();
  };

  return { form, close };
}
