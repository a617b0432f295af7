/**
 * MUI's visuallyHidden rules: present for screen readers, invisible on screen (a column heading
 * whose buttons name themselves, a chart's data table).
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
