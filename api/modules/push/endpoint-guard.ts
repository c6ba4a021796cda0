import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent } from 'node:https';
import { isIP, isIPv6, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * IPv6 forms that carry an IPv4 address inside (RFC 4291 compatible ::/96, RFC 6145 translated, RFC 6052/8215 NAT64,
 * 6to4, Teredo): a push service has no need of them, and through them `[::127.0.0.1]` would reach a private IPv4.
 * ipaddr.js calls ::/96 unicast, so each is refused by name; IPv4-mapped ::ffff:0:0/96 is judged as its IPv4.
 */
const ipv4Embedding = ['::/96', '::ffff:0:0:0/96', '64:ff9b::/96', '64:ff9b:1::/48', '2002::/16', '2001::/32'].map(
  (cidr) => ipaddr.IPv6.parseCIDR(cidr),
);

/**
 * Only global unicast addresses: private, loopback, link-local, CGNAT, multicast and reserved ranges are refused, and
 * so is anything unreadable. An IPv6 address is read in the hex form the URL parser writes: ipaddr.js reads a dotted
 * tail as IPv4-mapped (`::127.0.0.1` as `::ffff:127.0.0.1`), which is not the address a socket would connect to.
 */
export function isPublicAddress(address: string) {
  try {
    const parsed = ipaddr.process(isIPv6(address) ? new URL(`http://[${address}]/`).hostname.slice(1, -1) : address);
    if (parsed instanceof ipaddr.IPv6 && ipv4Embedding.some((range) => parsed.match(range))) return false;
    return parsed.range() === 'unicast';
  } catch {
    return false;
  }
}

export class PrivateEndpointError extends Error {
  constructor(host: string) {
    super(`Push endpoint ${host} resolves to a private or reserved address`);
  }
}

/** Resolves an endpoint's host (an IP literal stands for itself) and refuses it if any address is not public. */
export async function assertPublicHost(host: string) {
  const bare = host.replace(/^\[|\]$/g, '');
  const addresses = isIP(bare)
    ? [bare]
    : await new Promise<string[]>((resolve, reject) =>
        dnsLookup(bare, { all: true }, (error, found: LookupAddress[]) =>
          error ? reject(error) : resolve(found.map((entry) => entry.address)),
        ),
      );
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) throw new PrivateEndpointError(bare);
}

/**
 * The socket's own DNS answer is checked too, so a name that resolved to a public address when it was stored cannot
 * be re-pointed at an internal one when the message is sent (DNS rebinding).
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) =>
  dnsLookup(hostname, { ...options, all: true }, (error, found: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = found.find((entry) => !isPublicAddress(entry.address));
    if (refused || found.length === 0) return callback(new PrivateEndpointError(hostname), '', 0);
    if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, found);
    callback(null, found[0]!.address, found[0]!.family);
  });

export interface PushAgentOptions {
  /** `PUSH_ALLOW_PRIVATE_ENDPOINTS=on`: tests and closed networks only. */
  allowPrivateEndpoints: boolean;
  /** Extra trusted certificate authorities (PEM), for a test push service. */
  ca?: string;
}

/** The HTTPS agent push messages go out through. */
export const createPushAgent = ({ allowPrivateEndpoints, ca }: PushAgentOptions) =>
  new Agent({ keepAlive: true, ...(allowPrivateEndpoints ? {} : { lookup: publicOnlyLookup }), ...(ca && { ca }) });
