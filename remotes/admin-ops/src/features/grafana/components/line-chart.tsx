import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { visuallyHidden } from '@portal/ui';
import { useId } from 'react';

export interface ChartSeries {
  name: string;
  colour: string;
  /** One value per label; null leaves a gap. */
  values: (number | null)[];
}

export interface LineChartProps {
  title: string;
  /** Point labels (times), oldest first. */
  labels: string[];
  series: ChartSeries[];
  format: (value: number) => string;
}

const WIDTH = 600;
const HEIGHT = 180;
const PAD = { top: 12, right: 12, bottom: 22, left: 64 };

/** Splits a series into runs without gaps, each drawn as its own polyline. */
function runs(values: (number | null)[], x: (i: number) => number, y: (v: number) => number): string[] {
  const out: string[] = [];
  let current: string[] = [];
  values.forEach((value, i) => {
    if (value === null) {
      if (current.length) out.push(current.join(' '));
      current = [];
    } else current.push(`${x(i).toFixed(1)},${y(value).toFixed(1)}`);
  });
  if (current.length) out.push(current.join(' '));
  return out;
}

/**
 * A plain SVG line chart. The picture is hidden from assistive technology; a one-line summary and a
 * visually hidden table carry the same numbers, so nothing is only in the drawing.
 */
export function LineChart({ title, labels, series, format }: LineChartProps) {
  const theme = useTheme();
  const headingId = useId();
  const all = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const max = Math.max(0, ...all);
  const top = max === 0 ? 1 : max * 1.1;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (labels.length <= 1 ? plotW / 2 : (i / (labels.length - 1)) * plotW);
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const summary = series
    .map((s) => {
      const known = s.values.filter((v): v is number => v !== null);
      if (known.length === 0) return `${s.name}: no data`;
      return `${s.name}: latest ${format(known[known.length - 1])}, peak ${format(Math.max(...known))}`;
    })
    .join('; ');

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {summary}
      </Typography>
      <svg width="100%" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false" style={{ display: 'block', marginTop: 8 }}>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(top * f)} y2={y(top * f)} stroke={theme.palette.divider} strokeDasharray={f === 0 ? undefined : '4 4'} />
            <text x={PAD.left - 6} y={y(top * f) + 4} textAnchor="end" fontSize="11" fill={theme.palette.text.secondary}>
              {format(max === 0 ? f : Math.round(top * f * 10) / 10)}
            </text>
          </g>
        ))}
        {labels.length > 0 ? (
          <>
            <text x={PAD.left} y={HEIGHT - 4} fontSize="11" fill={theme.palette.text.secondary}>
              {labels[0]}
            </text>
            <text x={WIDTH - PAD.right} y={HEIGHT - 4} textAnchor="end" fontSize="11" fill={theme.palette.text.secondary}>
              {labels[labels.length - 1]}
            </text>
          </>
        ) : null}
        {series.map((s) =>
          runs(s.values, x, y).map((points) =>
            points.includes(' ') ? (
              <polyline key={`${s.name}${points}`} points={points} fill="none" stroke={s.colour} strokeWidth={2} strokeLinejoin="round" />
            ) : (
              <circle key={`${s.name}${points}`} cx={points.split(',')[0]} cy={points.split(',')[1]} r={3} fill={s.colour} />
            ),
          ),
        )}
      </svg>
      {series.length > 1 ? (
        <Typography variant="caption" color="text.secondary" component="p" aria-hidden="true">
          {series.map((s) => (
            <Box component="span" key={s.name} sx={{ mr: 2, whiteSpace: 'nowrap' }}>
              <Box component="span" sx={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', bgcolor: s.colour, mr: 0.5 }} />
              {s.name}
            </Box>
          ))}
        </Typography>
      ) : null}
      <Box component="table" sx={visuallyHidden}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            {series.map((s) => (
              <th scope="col" key={s.name}>
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, i) => (
            <tr key={`${label}-${i}`}>
              <th scope="row">{label}</th>
              {series.map((s) => (
                <td key={s.name}>{s.values[i] === null ? 'no data' : format(s.values[i] as number)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
    </Paper>
  );
}
