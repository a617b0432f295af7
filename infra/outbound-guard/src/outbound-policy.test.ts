import { isPublicAddress } from './address-ranges';
import { OutboundPolicy } from './outbound-policy';

describe('addresses off the public internet', () => {
  it.each([
    '127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1', '[::ffff:7f00:1]', '169.254.169.254', '10.1.2.3', '172.16.0.1', '172.31.255.255',
    '192.168.1.1', '100.64.0.1', '0.0.0.0', '::', 'fd00::1', 'fc12:3456::1', 'fe80::1', '224.0.0.1', '255.255.255.255', '64:ff9b::a9fe:a9fe', '2002:7f00:1::1',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['20.190.128.1', '40.126.32.74', '172.32.0.1', '2603:1036:3000::1', '::ffff:20.190.128.1'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('OutboundPolicy', () => {
  const policy = new OutboundPolicy();

  it("allows Microsoft's Graph and sign-in hosts of every cloud, each for its own role, over https only", () => {
    for (const url of ['https://graph.microsoft.com/v1.0', 'https://graph.microsoft.us/v1.0', 'https://dod-graph.microsoft.us/v1.0', 'https://microsoftgraph.chinacloudapi.cn/v1.0']) {
      expect(policy.allows(url, 'graph')).toBe(true);
      expect(policy.allows(url, 'signin')).toBe(false);
    }
    for (const url of ['https://login.microsoftonline.com', 'https://login.microsoftonline.us', 'https://login.chinacloudapi.cn']) {
      expect(policy.allows(url, 'signin')).toBe(true);
      expect(policy.allows(url, 'graph')).toBe(false);
    }
    expect(policy.allows('http://graph.microsoft.com/v1.0', 'graph')).toBe(false);
    expect(policy.allows('https://graph.microsoft.com:8443/v1.0', 'graph')).toBe(false);
    expect(policy.allows('https://user:pw@graph.microsoft.com/v1.0', 'graph')).toBe(false);
  });

  it('lets a webhook name any https host, never plain http, credentials or a private address literal', () => {
    expect(policy.allows('https://hooks.example.com/portal?x=1', 'webhook')).toBe(true);
    expect(policy.allows('https://hooks.example.com/portal', 'any')).toBe(false);
    expect(policy.allows('http://hooks.example.com/portal', 'webhook')).toBe(false);
    expect(policy.allows('https://user:pw@hooks.example.com/', 'webhook')).toBe(false);
    for (const url of ['https://127.0.0.1/', 'https://[::1]/', 'https://169.254.169.254/latest', 'https://10.0.0.5/', 'https://[::ffff:7f00:1]/']) expect(policy.allows(url, 'webhook')).toBe(false);
    // Configured origins and networks open a receiver on the loopback (tests, an on-premises PSA).
    expect(new OutboundPolicy({ origins: ['http://127.0.0.1:4555'], networks: ['127.0.0.0/8'] }).allows('http://127.0.0.1:4555/hook', 'webhook')).toBe(true);
  });

  it('allows SharePoint content hosts only for calls Graph leads to, never as a base URL', () => {
    expect(policy.allows('https://contoso-my.sharepoint.com/personal/x/_layouts/15/download.aspx', 'any')).toBe(true);
    expect(policy.allows('https://contoso.sharepoint.com/', 'graph')).toBe(false);
    expect(policy.allows('https://sharepoint.com.evil.test/', 'any')).toBe(false);
    expect(policy.allows('https://evilsharepoint.com/', 'any')).toBe(false);
  });

  it('refuses every other host, address literals and the metadata service', () => {
    for (const url of ['https://evil.test/v1.0', 'http://127.0.0.1:22/', 'http://[::1]:6379/', 'http://169.254.169.254/latest/meta-data/', 'https://graph.microsoft.com.evil.test/']) {
      expect(policy.allows(url)).toBe(false);
    }
    expect(policy.allows('not a url')).toBe(false);
  });

  it('allows configured origins, and their private addresses only with a configured network', () => {
    const configured = new OutboundPolicy({ origins: ['http://127.0.0.1:4100', 'https://*.graph.test'] });
    expect(configured.allows('http://127.0.0.1:4100/v1.0', 'graph')).toBe(false);
    const withNetwork = new OutboundPolicy({ origins: ['http://127.0.0.1:4100'], networks: ['127.0.0.0/8'] });
    expect(withNetwork.allows('http://127.0.0.1:4100/v1.0', 'graph')).toBe(true);
    expect(withNetwork.allows('http://127.0.0.1:4101/v1.0', 'graph')).toBe(false);
    expect(configured.allows('https://api.graph.test/v1.0', 'graph')).toBe(true);
    expect(configured.allows('https://graph.test/v1.0', 'graph')).toBe(false);
  });

  it('decides the same the second time for an origin: per role, credentials refused, a refusal lifted by allowOrigin', () => {
    const repeated = new OutboundPolicy();
    for (let round = 0; round < 2; round += 1) {
      expect(repeated.allows('https://graph.microsoft.com/v1.0/users', 'graph')).toBe(true);
      expect(repeated.allows('https://graph.microsoft.com/v1.0/users?$top=5', 'signin')).toBe(false);
      expect(repeated.allows('https://user:pw@graph.microsoft.com/v1.0', 'graph')).toBe(false);
      expect(repeated.allows('http://127.0.0.1:4100/v1.0', 'graph')).toBe(false);
    }
    repeated.allowOrigin('http://127.0.0.1:4100', '127.0.0.1/32');
    expect(repeated.allows('http://127.0.0.1:4100/v1.0', 'graph')).toBe(true);
    expect(repeated.allows('http://127.0.0.1:4101/v1.0', 'graph')).toBe(false);
  });

  // OUTBOUND_ALLOWED_ORIGINS and OUTBOUND_ALLOWED_NETWORKS are read by @portal/settings, which builds a policy to check them.
  it('refuses an invalid origin or network when it is built', () => {
    expect(() => new OutboundPolicy({ origins: ['http://127.0.0.1:4100', 'https://x.test'], networks: ['127.0.0.1/32'] })).not.toThrow();
    expect(() => new OutboundPolicy({ origins: ['http://x.test/path'] })).toThrow(/not an origin/);
    expect(() => new OutboundPolicy({ networks: ['10.0.0.0/99'] })).toThrow(/prefix/);
    expect(() => new OutboundPolicy({ networks: ['localhost'] })).toThrow(/not an IP/);
  });
});
