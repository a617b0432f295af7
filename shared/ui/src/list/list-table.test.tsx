import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { render, screen, within } from '@testing-library/react';
import { ListTable } from './list-table';

test('names the table and its columns, and holds the rows the page writes', () => {
  render(
    <ListTable label="Jobs" busy columns={['Job', { label: 'Size', align: 'right' }, { label: 'Actions', align: 'right', srOnly: true }]}>
      <TableRow>
        <TableCell>Nightly</TableCell>
        <TableCell align="right">5 MB</TableCell>
        <TableCell align="right" />
      </TableRow>
    </ListTable>,
  );
  const table = screen.getByRole('table', { name: 'Jobs' });
  expect(table).toHaveAttribute('aria-busy', 'true');
  expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Job', 'Size', 'Actions']);
  expect(within(table).getByRole('columnheader', { name: 'Actions' })).toHaveAttribute('scope', 'col');
  expect(within(table).getByRole('cell', { name: 'Nightly' })).toBeInTheDocument();
});

test('a caption names the table; an empty list says so across all columns', () => {
  render(
    <ListTable caption="Remotes in the last 24 hours" columns={['Remote', 'Version']} empty="No remote is published.">
      {[]}
    </ListTable>,
  );
  const table = screen.getByRole('table', { name: 'Remotes in the last 24 hours' });
  expect(within(table).getByRole('cell', { name: 'No remote is published.' })).toHaveAttribute('colspan', '2');
  expect(table).not.toHaveAttribute('aria-busy');
});
