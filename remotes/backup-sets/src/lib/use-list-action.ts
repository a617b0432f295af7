import { errorMessageOf, useCallMutation } from '@portal/data';
import { notify } from './notify';
import { settled } from './settled';

interface ListAction {
  call: () => Promise<unknown>;
  success: string;
}

/**
 * A change started from a row of a list (run, pause, cancel, retry…): the outcome goes to the
 * snackbar and the list reloads either way, since a refusal often means the row changed meanwhile.
 * The returned function resolves when it is all done.
 */
export function useListAction(reload: () => void) {
  const action = useCallMutation(({ call }: ListAction) => call(), {
    onSuccess: (_result, { success }) => notify(success, 'success'),
    onError: (error) => notify(errorMessageOf(error), 'error'),
    onSettled: reload,
  });
  return (call: () => Promise<unknown>, success: string) => settled(action.mutateAsync({ call, success }));
}
