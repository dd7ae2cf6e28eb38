import net from 'node:net';

/**
 * What a per-address limit counts (login failures, rate limits): an IPv4 address itself, and an IPv6
 * address by its /64. One subscriber line or phone is given a whole /64 and may use any of its 2^64
 * addresses, so counting IPv6 addresses one by one gave a single client unlimited fresh ones.
 * An IPv4 address written as IPv6 (`::ffff:10.0.0.1`, from a dual-stack socket) counts as the IPv4 one.
 */
export function addressGroup(ip: string): string {
  const address = ip.split('%', 1)[0]!;
  if (!net.isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` expanded and a trailing dotted IPv4 read as two. */
function ipv6Groups(address: string): number[] {
  const toGroups = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((piece) => {
          if (!piece.includes('.')) return [parseInt(piece, 16)];
          const [a, b, c, d] = piece.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('::', 2);
  const left = toGroups(head);
  if (tail === undefined) return left;
  const right = toGroups(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
