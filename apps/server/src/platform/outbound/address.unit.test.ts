import { describe, expect, it } from 'vitest';
import { addressAllowed, ipv6Groups, isPublicAddress, parseAllowList, type AllowEntry } from './address.ts';

const entries = (text: string) => {
  const parsed = parseAllowList(text);
  if (!Array.isArray(parsed)) throw new Error(`invalid ${parsed.invalid}`);
  return parsed;
};

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '100.127.255.255',
    '169.254.169.254',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '192.0.0.8',
    '198.18.0.1',
    '::',
    '::1',
    '[::1]',
    'fe80::1',
    'febf::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '0:0:0:0:0:ffff:7f00:1',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::1',
    '2001:db8::1',
    'fe80::1%eth0',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses what is no address at all', () => {
    for (const text of ['', 'localhost', '127.1', '2130706433', '0x7f000001', '1.2.3', '::g']) expect(isPublicAddress(text)).toBe(false);
  });

  it('sees odd IPv4 spellings as the URL parser does: as the loopback address they are', () => {
    for (const host of ['2130706433', '0x7f000001', '0x7f.1', '017700000001', '0177.0.0.1', '127.1', '0', '0x7f.0.0.1']) {
      const hostname = new URL(`http://${host}:8080/v1`).hostname;
      expect(isPublicAddress(hostname), `${host} → ${hostname}`).toBe(false);
    }
    expect(new URL('http://[::ffff:127.0.0.1]/').hostname).toBe('[::ffff:7f00:1]');
    expect(isPublicAddress(new URL('http://[::ffff:127.0.0.1]/').hostname)).toBe(false);
  });
});

describe('ipv6Groups', () => {
  it('expands :: and a dotted tail', () => {
    expect(ipv6Groups('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups('2606:4700::1111')).toEqual([0x2606, 0x4700, 0, 0, 0, 0, 0, 0x1111]);
    expect(ipv6Groups('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(ipv6Groups('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('OUTBOUND_ALLOW_HOSTS', () => {
  it('reads names, addresses and ranges, each with an optional port', () => {
    const list = entries(' localhost , llm.office.lan:8000, 127.0.0.1:11434, 10.0.0.0/8, [::1]:8080, fd00::/8, ::1 ');
    expect(list).toHaveLength(7);
    expect(list[0]).toEqual({ host: 'localhost', port: undefined });
    expect(list[1]).toEqual({ host: 'llm.office.lan', port: 8000 });
    expect(entries('')).toEqual([]);
  });

  it.each(['a b', 'x:0', 'x:99999', '10.0.0.0/33', 'fd00::/129', 'host/8', '[::1]/8', '[localhost]', 'http://x', '10.0.0.0/8:80'])('refuses %j', (text) => {
    expect(parseAllowList(text)).toEqual({ invalid: text });
  });

  it('allows a private address only through an entry for its host name, or a range holding it, and the port if given', () => {
    const list: AllowEntry[] = entries('localhost, llm.lan:8000, 127.0.0.1:11434, 10.0.0.0/8, fd00::/8');
    expect(addressAllowed([], 'api.openai.com', 443, '162.159.140.245')).toBe(true);
    expect(addressAllowed([], 'localhost', 80, '127.0.0.1')).toBe(false);
    expect(addressAllowed(list, 'localhost', 80, '127.0.0.1')).toBe(true);
    expect(addressAllowed(list, 'LOCALHOST', 80, '::1')).toBe(true);
    expect(addressAllowed(list, 'llm.lan', 8000, '192.168.1.20')).toBe(true);
    expect(addressAllowed(list, 'llm.lan', 8001, '192.168.1.20')).toBe(false);
    expect(addressAllowed(list, '127.0.0.1', 11434, '127.0.0.1')).toBe(true);
    expect(addressAllowed(list, '127.0.0.1', 5432, '127.0.0.1')).toBe(false);
    expect(addressAllowed(list, 'model.corp', 443, '10.20.30.40')).toBe(true);
    expect(addressAllowed(list, 'model.corp', 443, '172.16.0.1')).toBe(false);
    expect(addressAllowed(list, 'v6.corp', 443, 'fd00::5')).toBe(true);
    // A name allowed is the name in the URL, not whatever name points at the same address.
    expect(addressAllowed(list, 'evil.example', 80, '127.0.0.1')).toBe(false);
  });
});
