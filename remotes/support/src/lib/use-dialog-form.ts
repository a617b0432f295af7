import { useId } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';

/** A dialog's form: ids for its title and intro, the form (validated as typed), and a close that clears it. */
export function useDialogForm<T extends FieldValues>(resolver: Resolver<T>, defaults: T, onClose: () => void) {
  const titleId = useId();
  const introId = useId();
  const form = useForm<T>({ resolver, mode: 'all', defaultValues: defaults as DefaultValues<T> });

  const close = () => {
    form.reset(defaults);
    onClose();
  };

  return { titleId, introId, form, close };
}
