/**
 * A client address as people read it (sessions list, security e-mails): an IPv4 client of a dual-stack socket
 * arrives as `::ffff:203.0.113.7`, which is just 203.0.113.7.
 */
export function readableAddress(ip: string): string {
  return ip.replace(/^::ffff:(?=\d{1,3}(?:\.\d{1,3}){3}$)/i, '');
}
