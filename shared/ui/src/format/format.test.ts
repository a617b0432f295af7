import { formatBytes, formatCount, formatDateTime, formatDuration, formatRate } from './format';

test('sizes are binary with one decimal above bytes', () => {
  expect([0, 1023, 1536, 5 * 1024 ** 3].map(formatBytes)).toEqual(['0 B', '1023 B', '1.5 KB', '5.0 GB']);
});

test('a missing time shows a dash or the given word', () => {
  expect(formatDateTime(null)).toBe('—');
  expect(formatDateTime(undefined, 'Never')).toBe('Never');
  expect(formatDateTime('2026-11-25T10:00:00Z')).toMatch(/2026/);
  // An unreadable time is shown as missing, not as "Invalid Date" (nor does it throw).
  expect(formatDateTime('not a time')).toBe('—');
});

test('dates read as toLocaleString with the same options would (one formatter is kept for every call)', () => {
  for (const iso of ['2026-03-01T08:05:00Z', '2025-12-31T23:59:59.999Z'])
    expect(formatDateTime(iso)).toBe(new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }));
});

test('counts, durations and rates', () => {
  expect(formatCount(12345)).toBe('12,345');
  expect(formatCount(2.345)).toBe('2.3');
  expect([null, 5, 75, 3700].map(formatDuration)).toEqual(['—', '5s', '1m 15s', '1h 1m']);
  expect([null, 0.9523, 1].map(formatRate)).toEqual(['—', '95.2%', '100%']);
});
