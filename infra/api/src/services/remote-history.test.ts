import type { PointerChange } from '../repositories/registry-repository';
import { liveTimes, previousLiveVersion } from './remote-history';

const change = (toVersion: string, at: string): PointerChange => ({ name: 'support', fromVersion: null, toVersion, at, actor: 'ops', kind: 'deploy', reason: null });

describe('previousLiveVersion', () => {
  const history = [change('A', '2026-11-01T00:00:00Z'), change('B', '2026-11-02T00:00:00Z'), change('A', '2026-11-03T00:00:00Z'), change('C', '2026-11-04T00:00:00Z')];

  it('returns the version live before the current one, skipping versions rolled back away from', () => {
    expect(previousLiveVersion(history, 'C', new Set(['B']))).toBe('A');
    // Without the mark, A (live just before C) is still the answer: walk back, not "published before".
    expect(previousLiveVersion(history, 'C', new Set())).toBe('A');
    expect(previousLiveVersion(history, 'C', new Set(['A', 'B']))).toBeNull();
    expect(previousLiveVersion([], null, new Set())).toBeNull();
  });
});

describe('liveTimes', () => {
  it('adds up every period a version was current; the current one runs until now', () => {
    const history = [change('A', '2026-11-01T00:00:00Z'), change('B', '2026-11-01T01:00:00Z'), change('A', '2026-11-01T01:10:00Z')];
    const times = liveTimes(history, new Date('2026-11-01T02:10:00Z'));
    expect(times.get('A')).toEqual({ seconds: 3600 + 3600, lastLiveAt: '2026-11-01T01:10:00Z' });
    expect(times.get('B')).toEqual({ seconds: 600, lastLiveAt: '2026-11-01T01:00:00Z' });
    expect(times.has('C')).toBe(false);
  });
});
