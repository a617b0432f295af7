import { readSettings } from './settings';

describe('readSettings: listening address', () => {
  it('keeps a demo portal (the default) on loopback, where its known passwords and outbox cannot be reached from the network', () => {
    expect(readSettings({}).host).toBe('127.0.0.1');
    expect(readSettings({ PORTAL_DEMO: '1' }).host).toBe('127.0.0.1');
    expect(readSettings({ HOST: '' }).host).toBe('127.0.0.1');
  });

  it('listens where HOST says, demo or not', () => {
    expect(readSettings({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(readSettings({ HOST: '::', PORTAL_DEMO: '0' }).host).toBe('::');
  });

  it('listens on every interface by default without demo data', () => {
    expect(readSettings({ PORTAL_DEMO: '0' }).host).toBe('0.0.0.0');
  });
});
