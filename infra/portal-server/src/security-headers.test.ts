import { contentSecurityPolicy } from './security-headers';
import { readSettings } from './settings';

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));

describe('content security policy', () => {
  it('frames nothing but its own origin without GRAFANA_URL', () => {
    const csp = contentSecurityPolicy([]);
    expect(directive(csp, 'frame-src')).toBeUndefined();
    expect(directive(csp, 'default-src')).toBe("default-src 'self'");
  });

  it('allows exactly the GRAFANA_URL origin in frame-src', () => {
    const settings = readSettings({ GRAFANA_URL: 'https://grafana.example.com:3000/d/portal-overview?kiosk' });
    expect(settings.grafanaOrigin).toBe('https://grafana.example.com:3000');
    const csp = contentSecurityPolicy(['https://cdn.example.com'], settings.grafanaOrigin);
    expect(directive(csp, 'frame-src')).toBe('frame-src https://grafana.example.com:3000');
    expect(directive(csp, 'script-src')).toBe("script-src 'self' https://cdn.example.com");
  });

  it('refuses a GRAFANA_URL that is not http(s)', () => {
    expect(readSettings({}).grafanaOrigin).toBeUndefined();
    expect(() => readSettings({ GRAFANA_URL: 'javascript:alert(1)' })).toThrow('GRAFANA_URL must be an http or https URL');
    expect(() => readSettings({ GRAFANA_URL: 'not a url' })).toThrow('GRAFANA_URL must be a valid URL');
  });
});
