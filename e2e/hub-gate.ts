// A gate in front of a hub mirror (electron/engine/testing/hub-mirror.ts) that holds every request
// for a model's ONNX file until the test opens it: a download, and a first run waiting on its
// model, stay under way for exactly as long as the test needs to look at them, however fast the
// machine is.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const ONNX_FILE = '/onnx/model.onnx';

export interface Gate {
  endpoint: string;
  open(): void;
  close(): Promise<void>;
}

export async function gateBefore(target: string): Promise<Gate> {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const server = http.createServer((req, res) => {
    const forward = () =>
      req.pipe(
        http.request(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        }),
      );
    if (req.url?.endsWith(ONNX_FILE)) void opened.then(forward);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    open,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
