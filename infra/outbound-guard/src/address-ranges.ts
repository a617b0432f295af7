import net from 'node:net';

// Addresses that are not on the public internet: loopback, link-local (169.254.0.0/16 holds the cloud
// metadata service), private, shared (CGNAT), unique-local, multicast, documentation, benchmarking
// and reserved ranges, plus IPv6 transition prefixes that can carry any IPv4 address inside them.
const NON_PUBLIC_V4 = [
  '0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.0.0.0/24',
  '192.0.2.0/24', '192.88.99.0/24', '192.168.0.0/16', '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24', '224.0.0.0/4', '240.0.0.0/4',
];
const NON_PUBLIC_V6 = [
  '::/127', 'fc00::/7', 'fe80::/10', 'fec0::/10', 'ff00::/8', '100::/64', '2001:db8::/32', '2001::/32', '2002::/16', '64:ff9b::/96', '64:ff9b:1::/48',
];

const nonPublic = new net.BlockList();
for (const cidr of NON_PUBLIC_V4) addCidr(nonPublic, cidr);
for (const cidr of NON_PUBLIC_V6) addCidr(nonPublic, cidr);

/** Adds "a.b.c.d/n", "x::/n" or a single address to a block list; throws on anything else. */
export function addCidr(list: net.BlockList, cidr: string): void {
  const [address, bits, extra] = cidr.trim().split('/');
  const family = net.isIP(address ?? '');
  if (!family || extra !== undefined) throw new Error(`"${cidr}" is not an IP address or CIDR range`);
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (bits === undefined) {
    list.addAddress(address, type);
    return;
  }
  const prefix = Number(bits);
  if (!/^\d{1,3}$/.test(bits) || prefix > (family === 4 ? 32 : 128)) throw new Error(`"${cidr}" has an invalid prefix length`);
  list.addSubnet(address, prefix, type);
}

/**
 * An IPv4 address written as IPv6 (::ffff:7f00:1, ::ffff:127.0.0.1) is the IPv4 address as far as
 * routing goes, so it is judged as one.
 */
export function canonicalAddress(address: string): { address: string; type: 'ipv4' | 'ipv6' } | null {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = net.isIP(bare);
  if (family === 4) return { address: bare, type: 'ipv4' };
  if (family !== 6) return null;
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(bare);
  if (mapped) {
    if (mapped[1]) return { address: mapped[1], type: 'ipv4' };
    const high = parseInt(mapped[2], 16);
    const low = parseInt(mapped[3], 16);
    return { address: [high >> 8, high & 255, low >> 8, low & 255].join('.'), type: 'ipv4' };
  }
  return { address: bare.toLowerCase(), type: 'ipv6' };
}

/** True for an address on the public internet; false for anything local, private or reserved. */
export function isPublicAddress(address: string): boolean {
  const canonical = canonicalAddress(address);
  if (!canonical) return false;
  return !nonPublic.check(canonical.address, canonical.type);
}

/** True when the address lies in one of the networks of the list. */
export function inNetworks(list: net.BlockList, address: string): boolean {
  const canonical = canonicalAddress(address);
  return canonical !== null && list.check(canonical.address, canonical.type);
}
