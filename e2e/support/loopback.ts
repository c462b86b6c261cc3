// A test's own HTTP server on a free loopback port, and how to stop it.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

export type Listening = {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Stops the server, cutting the connections browsers keep open (it would wait for them). */
  close: () => Promise<void>;
};

export async function listenOnLoopback(server: Server): Promise<Listening> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
