import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { prefetchRoute, prefetchRouteFiles } from '../../../lib/federation/prefetch';
import { MENU, type MenuNode } from '../lib/menu-items';
import { HorizontalMenu } from './horizontal-menu';

jest.mock('../../../lib/federation/prefetch', () => ({
  prefetchRoute: jest.fn(),
  prefetchRouteFiles: jest.fn().mockResolvedValue(undefined),
}));

const group = (id: string) => MENU.find((node) => node.id === id) as MenuNode;
const downloaded = () => (prefetchRouteFiles as jest.Mock).mock.calls.map(([route]: [{ owner: string; module: string }]) => `${route.owner} ${route.module}`);

beforeEach(() => {
  (prefetchRoute as jest.Mock).mockClear();
  (prefetchRouteFiles as jest.Mock).mockClear();
});

const renderMenu = (nodes: MenuNode[]) =>
  render(
    <MemoryRouter>
      <HorizontalMenu nodes={nodes} onOpenDialog={jest.fn()} />
    </MemoryRouter>,
  );

test("pointing at the Support group downloads its dialogs' files without running them; pointing at a dialog's entry runs it", async () => {
  renderMenu([group('support')]);
  await userEvent.hover(screen.getByRole('button', { name: 'Support' }));
  expect(downloaded()).toEqual(['support ./FeedbackDialog', 'support ./RaiseTicketDialog']);
  expect(prefetchRoute).not.toHaveBeenCalled();

  await userEvent.click(screen.getByRole('button', { name: 'Support' }));
  await userEvent.hover(await screen.findByRole('menuitem', { name: 'Feedback' }));
  expect(prefetchRoute).toHaveBeenCalledWith({ owner: 'support', module: './FeedbackDialog' });
});

test('tabbing to a group downloads the pages it leads to', () => {
  renderMenu([group('settings')]);
  act(() => screen.getByRole('button', { name: 'Settings' }).focus());
  expect(downloaded()).toEqual(expect.arrayContaining(['account_settings ./ProfilePage', 'account_settings ./NotificationPage']));
  expect(prefetchRoute).not.toHaveBeenCalled();
});

test('pointing at "More Items" downloads what it holds, groups included', async () => {
  renderMenu([...MENU]);
  await userEvent.hover(screen.getByRole('button', { name: 'More Items' }));
  expect(downloaded()).toEqual(expect.arrayContaining(['support ./FeedbackDialog', 'support ./RaiseTicketDialog']));
  expect(prefetchRoute).not.toHaveBeenCalled();
});
