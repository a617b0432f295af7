import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { SettingsButton } from './settings-button';

const Settings = ({ onOpen = () => undefined }: { onOpen?: () => void }) => <SettingsButton label="Open display settings" onOpen={onOpen} />;

describe('SettingsButton and its DeferredTooltip', () => {
  it('shows the tooltip on the first hover, which loads it, on the same focused button', async () => {
    render(<Settings />);
    const button = screen.getByRole('button', { name: 'Open display settings' });
    act(() => button.focus());
    expect(screen.queryByRole('tooltip')).toBeNull();
    await userEvent.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Open display settings');
    // Not re-created: the same node, still focused, same accessible name.
    expect(screen.getByRole('button', { name: 'Open display settings' })).toBe(button);
    expect(document.activeElement).toBe(button);
    await userEvent.unhover(button);
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.queryByRole('tooltip')).toBeNull();
    // Once loaded, later hovers go straight to Tooltip.
    await userEvent.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Open display settings');
  });

  it('mounts in one commit: no state update while the page commits, which would run its effects in that task', () => {
    const commits: string[] = [];
    render(
      <Profiler id="settings" onRender={(_id, phase) => commits.push(phase)}>
        <Settings />
      </Profiler>,
    );
    expect(commits).toEqual(['mount']);
  });

  it('opens the settings on click', async () => {
    const onOpen = jest.fn();
    render(<Settings onOpen={onOpen} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open display settings' }));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});
