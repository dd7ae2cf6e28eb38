import { describe, expect, it } from 'vitest';
import { addressGroup } from './address-group.js';

describe('the address a per-address limit counts', () => {
  it.each([
    ['10.1.2.3', '10.1.2.3'],
    ['::ffff:10.1.2.3', '10.1.2.3'],
    ['::FFFF:0a01:0203', '10.1.2.3'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
  ])('counts %s as %s', (ip, group) => {
    expect(addressGroup(ip)).toBe(group);
  });

  it('keeps two /64s apart', () => {
    expect(addressGroup('2001:db8:1:2::1')).not.toBe(addressGroup('2001:db8:1:3::1'));
  });
});
