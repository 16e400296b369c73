import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';

export type LocalDns = {
  /** `127.0.0.1:port`, for a Resolver's setServers. */
  server: string;
  /** TXT records by name (each record as given; strings over 255 bytes are split as DNS requires). */
  txt: Map<string, string[]>;
  /** Questions asked so far. */
  questions: string[];
  close: () => Promise<void>;
};

const chunks = (text: string) => text.match(/.{1,255}/gs) ?? [''];

/** A real DNS server on loopback (UDP, the dns2 package) answering TXT questions from `txt`. */
export async function startLocalDns(): Promise<LocalDns> {
  const txt = new Map<string, string[]>();
  const questions: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = dns2.Packet.createResponseFromRequest(request);
      const name = request.questions[0]?.name.toLowerCase() ?? '';
      questions.push(name);
      const records = txt.get(name);
      if (!records) response.header.rcode = 3; // NXDOMAIN
      for (const record of records ?? []) {
        const answer = { name, type: dns2.Packet.TYPE.TXT, class: dns2.Packet.CLASS.IN, ttl: 60, data: chunks(record) };
        // dns2's types know no TXT data; its encoder does.
        response.answers.push(answer as unknown as (typeof response.answers)[number]);
      }
      void send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = (addresses.udp as AddressInfo).port;
  return {
    server: `127.0.0.1:${port}`,
    txt,
    questions,
    close: async () => {
      await server.close();
    },
  };
}

/** A DNS server that never answers (a resolver that is down or filtered); `queries()` counts what it was asked. */
export async function startSilentDns(): Promise<{ server: string; queries: () => number; close: () => Promise<void> }> {
  const socket = createSocket('udp4');
  let queries = 0;
  socket.on('message', () => (queries += 1));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return {
    server: `127.0.0.1:${port}`,
    queries: () => queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
