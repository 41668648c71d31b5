import { describe, expect, it } from 'vitest';
import { addressKind } from '../../../shared/address-kind';

describe('addressKind: where a host is, from its text', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.1', 'loopback'],
    ['2130706433', 'loopback'],
    ['0x7f.0.0.1', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['0.0.0.0', 'loopback'],
    ['localhost', 'loopback'],
    ['app.localhost', 'loopback'],
    ['[::1]', 'loopback'],
    ['[0:0:0:0:0:0:0:1]', 'loopback'],
    ['[::]', 'loopback'],
    ['[::ffff:127.0.0.1]', 'loopback'],
    ['[::ffff:7f00:1]', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.10', 'private'],
    ['100.64.0.1', 'private'],
    ['[fd12:3456::1]', 'private'],
    ['[::ffff:10.0.0.1]', 'private'],
    ['printer.local', 'private'],
    ['vault.internal', 'private'],
    ['nas.home.arpa', 'private'],
    ['169.254.169.254', 'link-local'],
    ['[fe80::1%25eth0]', 'link-local'],
  ])('%s is %s', (host, kind) => expect(addressKind(host)).toBe(kind));
  it.each([
    '93.184.216.34',
    '172.32.0.1',
    '8.8.8.8',
    'mcp.example.com',
    '[2001:db8::1]',
    '256.1.1.1',
    'localhost.example',
  ])('%s is public (or not an address this can tell)', (host) => expect(addressKind(host)).toBeNull());
});
