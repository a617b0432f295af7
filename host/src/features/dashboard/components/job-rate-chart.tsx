import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { DailyJobs } from '@portal/contracts';
import { visuallyHidden } from '@portal/ui';

/** "2026-11-21" -> "Sat 21" in the user's locale; parsed as UTC, like the API's days. */
const formatDay = (day: string): string => new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', timeZone: 'UTC' });

const WIDTH = 280;
const HEIGHT = 96;
const LABEL = 16;

/**
 * Finished jobs per day as stacked bars in plain SVG. The SVG is hidden from screen readers; the
 * table after it carries the same numbers (visually hidden) so nothing is only in the picture.
 */
export function JobRateChart({ daily }: { daily: DailyJobs[] }) {
  const theme = useTheme();
  const totals = daily.map((d) => d.succeeded + d.warning + d.failed);
  const empty = totals.every((n) => n === 0);
  const max = Math.max(1, ...totals);
  const slot = WIDTH / Math.max(1, daily.length);
  const barWidth = slot * 0.6;
  const plot = HEIGHT - LABEL;
  const colours = { succeeded: theme.palette.success.main, warning: theme.palette.warning.main, failed: theme.palette.error.main };
  return (
    <Box sx={{ mt: 1 }}>
      {empty && (
        <Typography variant="body2" color="text.secondary">
          No finished jobs in the last 7 days
        </Typography>
      )}
      {/* Capped width so the day labels keep a readable size however wide the card is. */}
      <svg width="100%" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} style={{ maxWidth: 440, display: 'block' }} aria-hidden="true" focusable="false" data-testid="job-rate-chart">
        {daily.map((d, i) => {
          const x = i * slot + (slot - barWidth) / 2;
          let y = plot;
          return (
            <g key={d.day}>
              {(['succeeded', 'warning', 'failed'] as const).map((status) => {
                const h = (d[status] / max) * (plot - 4);
                y -= h;
                return h > 0 ? <rect key={status} x={x} y={y} width={barWidth} height={h} fill={colours[status]} rx={1} /> : null;
              })}
              <text x={x + barWidth / 2} y={HEIGHT - 3} textAnchor="middle" fontSize="9" fill={theme.palette.text.secondary}>
                {formatDay(d.day).split(' ')[0]}
              </text>
            </g>
          );
        })}
        <line x1={0} x2={WIDTH} y1={plot} y2={plot} stroke={theme.palette.divider} />
      </svg>
      <Box component="table" sx={visuallyHidden}>
        <caption>Finished jobs per day, last 7 days</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Succeeded</th>
            <th scope="col">Warning</th>
            <th scope="col">Failed</th>
          </tr>
        </thead>
        <tbody>
          {daily.map((d) => (
            <tr key={d.day}>
              <th scope="row">{formatDay(d.day)}</th>
              <td>{d.succeeded}</td>
              <td>{d.warning}</td>
              <td>{d.failed}</td>
            </tr>
          ))}
        </tbody>
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" aria-hidden="true">
        <LegendDot colour={colours.succeeded} /> Succeeded <LegendDot colour={colours.warning} /> Warning <LegendDot colour={colours.failed} /> Failed
      </Typography>
    </Box>
  );
}

function LegendDot({ colour }: { colour: string }) {
  return <Box component="span" sx={{ display: 'inline-block', width: 8, height: 8, borderRadius: '50%', bgcolor: colour, ml: 0.5 }} />;
}
