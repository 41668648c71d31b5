import { connect } from 'node:net';

interface Outcome {
  status: number | null;
}

/** Writes raw bytes (optionally in slow pieces) and reads the status line of the answer, if any. */
export function raw(port: number, pieces: Buffer[], delayMs = 0, timeoutMs = 8000, end = true): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(data);
      resolve({ status: m ? Number(m[1]) : null });
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on('data', (c: Buffer) => {
      data += c.toString('latin1');
      if (/\r\n\r\n/.test(data)) finish();
    });
    socket.on('error', finish);
    socket.on('close', finish);
    socket.on('connect', async () => {
      for (const p of pieces) {
        if (socket.destroyed) return;
        socket.write(p);
        if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      }
      if (!socket.destroyed && end) socket.end();
    });
  });
}
