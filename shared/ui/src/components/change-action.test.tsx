import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Button from '@mui/material/Button';
import { USER_ACCESS_MESSAGES, type Profile } from '@portal/contracts';
import { profileStore } from '../stores/profile-store';
import { ChangeAction } from './change-action';
import { useReadOnly } from '../hooks/use-read-only';

const profile: Profile = {
  userId: 'u1',
  username: 'customer',
  email: 'c@example.com',
  firstName: 'Chris',
  lastName: 'Customer',
  role: 'CUSTOMER',
  profileImageUrl: null,
  organisationName: 'Contoso',
};

afterEach(() => profileStore.setState({ profile: null, error: null }));

describe('useReadOnly', () => {
  it('follows the access level of the signed-in profile', () => {
    const { result, rerender } = renderHook(() => useReadOnly());
    expect(result.current).toBe(false);
    act(() => profileStore.getState().setProfile({ ...profile, access: 'read-only' }));
    rerender();
    expect(result.current).toBe(true);
    act(() => profileStore.getState().setProfile({ ...profile, access: 'full' }));
    rerender();
    expect(result.current).toBe(false);
  });
});

describe('ChangeAction', () => {
  it('disables the action for a read-only user and says why', async () => {
    profileStore.getState().setProfile({ ...profile, access: 'read-only' });
    const onClick = jest.fn();
    render(
      <ChangeAction>
        <Button onClick={onClick} aria-describedby="hint">
          Create
        </Button>
      </ChangeAction>,
    );
    const button = screen.getByRole('button', { name: 'Create' });
    expect(button).toBeDisabled();
    expect(button.getAttribute('aria-describedby')).toMatch(/^hint /);
    expect(button).toHaveAccessibleDescription(USER_ACCESS_MESSAGES.readOnly);
    await userEvent.hover(button.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(USER_ACCESS_MESSAGES.readOnly);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('leaves the action alone with full access', async () => {
    profileStore.getState().setProfile({ ...profile, access: 'full' });
    const onClick = jest.fn();
    render(
      <ChangeAction>
        <Button onClick={onClick}>Create</Button>
      </ChangeAction>,
    );
    const button = screen.getByRole('button', { name: 'Create' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText(USER_ACCESS_MESSAGES.readOnly)).toBeNull();
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('keeps an action disabled by its page even with full access', () => {
    profileStore.getState().setProfile({ ...profile, access: 'full' });
    render(
      <ChangeAction>
        <Button disabled>Save</Button>
      </ChangeAction>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});

describe('ChangeAction with a lock reason', () => {
  it('disables the action for a full-access user too and says why, before the read-only reason', async () => {
    profileStore.getState().setProfile({ ...profile, access: 'full' });
    const onClick = jest.fn();
    const { rerender } = render(
      <ChangeAction lockReason="You cannot change your own account here">
        <Button onClick={onClick}>Suspend</Button>
      </ChangeAction>,
    );
    const button = screen.getByRole('button', { name: 'Suspend' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('You cannot change your own account here');
    await userEvent.hover(button.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('You cannot change your own account here');
    expect(onClick).not.toHaveBeenCalled();

    act(() => profileStore.getState().setProfile({ ...profile, access: 'read-only' }));
    rerender(
      <ChangeAction lockReason="You cannot change your own account here">
        <Button onClick={onClick}>Suspend</Button>
      </ChangeAction>,
    );
    expect(screen.getByRole('button', { name: 'Suspend' })).toHaveAccessibleDescription('You cannot change your own account here');
  });

  it('leaves the action alone when there is no reason', () => {
    profileStore.getState().setProfile({ ...profile, access: 'full' });
    render(
      <ChangeAction lockReason={null}>
        <Button>Suspend</Button>
      </ChangeAction>,
    );
    expect(screen.getByRole('button', { name: 'Suspend' })).toBeEnabled();
  });
});

describe('ChangeAction with a title', () => {
  it('shows the title to full-access users and the reason to read-only users', async () => {
    profileStore.getState().setProfile({ ...profile, access: 'full' });
    const { unmount } = render(
      <ChangeAction title="Delete">
        <Button aria-label="Delete entry">x</Button>
      </ChangeAction>,
    );
    await userEvent.hover(screen.getByRole('button', { name: 'Delete entry' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Delete');
    unmount();

    act(() => profileStore.getState().setProfile({ ...profile, access: 'read-only' }));
    render(
      <ChangeAction title="Delete">
        <Button aria-label="Delete entry">x</Button>
      </ChangeAction>,
    );
    const button = screen.getByRole('button', { name: 'Delete entry' });
    expect(button).toBeDisabled();
    await userEvent.hover(button.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(USER_ACCESS_MESSAGES.readOnly);
  });
});
