import { AddressInfo, createServer } from 'node:net';

/**
 * A TCP port nothing listens on now, chosen by the operating system. A random pick can land on a port a client
 * socket holds (the ephemeral range), and the server then fails to start.
 */
export const freePort = (): Promise<number> =>
  new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen({ port: 0, host: '::', ipv6Only: false }, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => ok(port));
    });
  });
