import { nextRunAfter } from './scheduler';

describe('nextRunAfter', () => {
  const from = new Date('2026-11-18T10:30:00Z'); // a Wednesday

  it('has no next run for manual sets', () => {
    expect(nextRunAfter({ frequency: 'manual', time: '02:00', dayOfWeek: 0 }, from)).toBeNull();
  });

  it('runs hourly at the given minute', () => {
    expect(nextRunAfter({ frequency: 'hourly', time: '00:45', dayOfWeek: 0 }, from)?.toISOString()).toBe('2026-11-18T10:45:00.000Z');
    expect(nextRunAfter({ frequency: 'hourly', time: '00:15', dayOfWeek: 0 }, from)?.toISOString()).toBe('2026-11-18T11:15:00.000Z');
  });

  it('runs daily at the given UTC time, tomorrow once today has passed', () => {
    expect(nextRunAfter({ frequency: 'daily', time: '22:00', dayOfWeek: 0 }, from)?.toISOString()).toBe('2026-11-18T22:00:00.000Z');
    expect(nextRunAfter({ frequency: 'daily', time: '10:30', dayOfWeek: 0 }, from)?.toISOString()).toBe('2026-11-19T10:30:00.000Z');
  });

  it('runs weekly on the given day', () => {
    expect(nextRunAfter({ frequency: 'weekly', time: '02:00', dayOfWeek: 0 }, from)?.toISOString()).toBe('2026-11-22T02:00:00.000Z');
    expect(nextRunAfter({ frequency: 'weekly', time: '11:00', dayOfWeek: 3 }, from)?.toISOString()).toBe('2026-11-18T11:00:00.000Z');
    expect(nextRunAfter({ frequency: 'weekly', time: '09:00', dayOfWeek: 3 }, from)?.toISOString()).toBe('2026-11-25T09:00:00.000Z');
  });
});
