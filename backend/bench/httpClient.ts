// A lean keep-alive HTTP client for the benchmark (node:http rather than fetch, whose own
// overhead would be charged to the engine).
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export function request(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers: opts.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      res.on('error', reject);
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      // A kept-alive socket the server closed just as we reused it: send again on a fresh one (Node's documented pattern).
      if (req.reusedSocket && err.code === 'ECONNRESET') request(url, opts).then(resolve, reject);
      else reject(err);
    });
    req.end(opts.body);
  });
}

export function closeClient(): void {
  agent.destroy();
}
