import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { MenuNode } from '../lib/menu-items';
import { HorizontalMenu } from './horizontal-menu';
import { SidebarMenu } from './sidebar-menu';

const nodes = [
  { type: 'item', id: 'dashboard', title: 'Dashboard', routeId: 'dashboard' },
  { type: 'collapse-unknown', id: 'mystery', title: 'Mystery' },
] as unknown as MenuNode[];

describe('a menu entry of unknown type', () => {
  it('shows "Menu Items Error" in the vertical menu and keeps the rest', () => {
    render(<SidebarMenu nodes={nodes} onOpenDialog={() => undefined} />, { wrapper: MemoryRouter });
    expect(screen.getByText('Menu Items Error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('Mystery')).not.toBeInTheDocument();
  });

  it('shows "Menu Items Error" in the horizontal menu', () => {
    render(<HorizontalMenu nodes={nodes} onOpenDialog={() => undefined} />, { wrapper: MemoryRouter });
    expect(screen.getAllByText('Menu Items Error').length).toBeGreaterThan(0);
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });
});
