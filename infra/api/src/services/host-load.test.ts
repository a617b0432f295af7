import { BUSY_SHARE, RequestActivity, SAMPLE_MS } from './host-load';

describe('request activity', () => {
  it('counts the time with at least one request in flight, overlapping requests once', () => {
    let now = 0;
    const activity = new RequestActivity(() => now);
    activity.begin();
    now = 10;
    activity.begin();
    now = 30;
    activity.end();
    now = 40;
    activity.end();
    now = 100;
    expect(activity.activeTotal()).toBe(40);
    activity.begin();
    now = 130;
    // A request still in flight counts up to now.
    expect(activity.activeTotal()).toBe(70);
    expect(70 > BUSY_SHARE * SAMPLE_MS).toBe(false);
  });
});
