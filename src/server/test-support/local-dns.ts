import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';

export type LocalDns = {
  /** `127.0.0.1:port`, for a Resolver's setServers. */
  server: string;
  /** TXT records by name (each record as given; strings over 255 bytes are split as DNS requires). */
  txt: Map<string, string[]>;
  /** A (and AAAA) addresses by name. */
  addresses: Map<string, string[]>;
  /** Names that exist without records of their own (answered NOERROR, no data); the TLDs com, net and org to begin with. */
  exists: Set<string>;
  /** Names answered with this response code instead (2 SERVFAIL, 5 REFUSED). */
  rcodes: Map<string, number>;
  /** Questions asked so far. */
  questions: string[];
  close: () => Promise<void>;
};

const chunks = (text: string) => text.match(/.{1,255}/gs) ?? [''];

/**
 * A real DNS server on loopback (UDP, the dns2 package) answering TXT questions from `txt` and A/AAAA
 * from `addresses`; other names are NXDOMAIN unless they are in `exists`.
 */
export async function startLocalDns(): Promise<LocalDns> {
  const txt = new Map<string, string[]>();
  const addresses = new Map<string, string[]>();
  const exists = new Set(['com', 'net', 'org']);
  const rcodes = new Map<string, number>();
  const questions: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = dns2.Packet.createResponseFromRequest(request);
      const question = request.questions[0];
      const name = question?.name.toLowerCase() ?? '';
      questions.push(name);
      const forced = rcodes.get(name);
      if (forced !== undefined) {
        response.header.rcode = forced;
        void send(response);
        return;
      }
      if (!txt.has(name) && !addresses.has(name) && !exists.has(name)) response.header.rcode = 3; // NXDOMAIN
      if (question?.type === dns2.Packet.TYPE.A || question?.type === dns2.Packet.TYPE.AAAA) {
        const v6 = question.type === dns2.Packet.TYPE.AAAA;
        for (const address of addresses.get(name) ?? [])
          if (address.includes(':') === v6)
            response.answers.push({
              name,
              type: question.type,
              class: dns2.Packet.CLASS.IN,
              ttl: 60,
              address,
            } as unknown as (typeof response.answers)[number]);
        void send(response);
        return;
      }
      const records = question?.type === dns2.Packet.TYPE.TXT ? txt.get(name) : undefined;
      for (const record of records ?? []) {
        const answer = { name, type: dns2.Packet.TYPE.TXT, class: dns2.Packet.CLASS.IN, ttl: 60, data: chunks(record) };
        // dns2's types know no TXT data; its encoder does.
        response.answers.push(answer as unknown as (typeof response.answers)[number]);
      }
      void send(response);
    },
  });
  const listening = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = (listening.udp as AddressInfo).port;
  return {
    server: `127.0.0.1:${port}`,
    txt,
    addresses,
    exists,
    rcodes,
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
