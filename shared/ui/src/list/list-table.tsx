import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { visuallyHidden } from './visually-hidden';

export interface ListColumn {
  label: string;
  align?: 'right';
  /** Read by screen readers only: an actions column whose buttons name themselves. */
  srOnly?: boolean;
  sx?: SxProps<Theme>;
}

export interface ListTableProps {
  /** The table's accessible name; or give a `caption`, shown above the table. */
  label?: string;
  caption?: ReactNode;
  /** The column headings; a plain string is a left-aligned heading. */
  columns: ReadonlyArray<string | ListColumn>;
  /** True while the rows shown are being refetched (aria-busy). */
  busy?: boolean;
  /** Framed as an outlined card of its own, for a table that does not sit in a card. */
  outlined?: boolean;
  /** A sentence shown in a row of its own across all columns, for a list with no rows. */
  empty?: string | null;
  /** The rows. */
  children: ReactNode;
  /** Below the table, inside its frame (its paging). */
  footer?: ReactNode;
}

/** The frame of a list page's table: its headings, its name, and its rows as the page writes them. */
export function ListTable({ label, caption, columns, busy, outlined, empty, children, footer }: ListTableProps) {
  const table = (
    <Table size="small" aria-label={label} aria-busy={busy}>
      {caption ? <caption style={{ captionSide: 'top' }}>{caption}</caption> : null}
      <TableHead>
        <TableRow>
          {columns.map((column) => {
            const { label: heading, align, srOnly: hidden, sx } = typeof column === 'string' ? { label: column } : column;
            return (
              <TableCell key={heading} align={align} sx={sx}>
                {hidden ? (
                  <Box component="span" sx={visuallyHidden}>
                    {heading}
                  </Box>
                ) : (
                  heading
                )}
              </TableCell>
            );
          })}
        </TableRow>
      </TableHead>
      <TableBody>
        {children}
        {empty ? (
          <TableRow>
            <TableCell colSpan={columns.length}>
              <Typography variant="body2" color="text.secondary">
                {empty}
              </Typography>
            </TableCell>
          </TableRow>
        ) : null}
      </TableBody>
    </Table>
  );
  return outlined ? (
    <TableContainer component={Card} variant="outlined">
      {table}
      {footer}
    </TableContainer>
  ) : (
    <TableContainer>
      {table}
      {footer}
    </TableContainer>
  );
}
