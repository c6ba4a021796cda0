import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Only global unicast addresses: private, loopback, link-local, CGNAT, multicast and reserved ranges are refused. */
export const isPublicAddress = (address: string) => ipaddr.process(address).range() === 'unicast';

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
