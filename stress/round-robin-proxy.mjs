// A tiny round-robin reverse proxy on node:http, standing in for a load balancer in front of
// several API instances (stress/cluster.mjs). Each request goes to the next upstream in turn with
// its method, path, headers and body; X-Forwarded-For gets the caller's address appended (the
// API trusts it with TRUST_PROXY=true). Responses are streamed back as they come. An upstream
// that cannot be reached answers 502 with a JSON `{message}`, like a real balancer would; there
// is no retry on another upstream, so a down instance shows up in the figures.
import http from 'node:http';

/** Headers that belong to one connection and must not be forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function forwardableHeaders(headers) {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  return Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => !HOP_BY_HOP.has(name.toLowerCase()) && !named.has(name.toLowerCase()),
    ),
  );
}

/**
 * Starts the proxy on a free loopback port (or `port`). Returns its `url`, `counts` (requests
 * sent to each upstream, in the order given), `failures` (502s answered) and `stop()`.
 */
export async function startRoundRobinProxy(upstreamUrls, { port = 0, host = '127.0.0.1' } = {}) {
  if (upstreamUrls.length === 0) throw new Error('the proxy needs at least one upstream');
  const upstreams = upstreamUrls.map((url) => new URL(url));
  const counts = upstreams.map(() => 0);
  const agent = new http.Agent({ keepAlive: true });
  let next = 0;
  let failures = 0;

  const server = http.createServer((request, response) => {
    const index = next;
    next = (next + 1) % upstreams.length;
    counts[index] += 1;
    const upstream = upstreams[index];

    const headers = forwardableHeaders(request.headers);
    const caller = request.socket.remoteAddress ?? '';
    const prior = request.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = prior ? `${prior}, ${caller}` : caller;
    headers['x-forwarded-proto'] ??= 'http';
    headers['x-forwarded-host'] ??= request.headers.host ?? '';

    const outgoing = http.request(
      {
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers,
        agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, forwardableHeaders(answer.headers));
        answer.pipe(response);
        answer.on('error', () => response.destroy());
      },
    );
    outgoing.on('error', (error) => {
      if (response.headersSent) {
        response.destroy(error);
        return;
      }
      failures += 1;
      const body = JSON.stringify({
        message: `Bad gateway: upstream ${upstream.host} did not answer (${error.code ?? error.message})`,
      });
      response.writeHead(502, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      response.end(body);
    });
    // The caller went away before the answer was complete: stop asking the upstream.
    response.on('close', () => {
      if (!response.writableFinished) outgoing.destroy();
    });
    request.pipe(outgoing);
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();

  return {
    url: `http://${host}:${address.port}`,
    /** Requests sent to each upstream so far, in the order of `upstreamUrls`. */
    counts,
    get failures() {
      return failures;
    },
    async stop() {
      await new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      agent.destroy();
    },
  };
}
