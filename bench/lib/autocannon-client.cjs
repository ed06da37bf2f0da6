// Loaded by autocannon's worker thread (bench/lib/load.ts passes it as `setupClient`) for every connection.
//
// autocannon keeps each response body as a string (`req.body += chunk` in pipelinedRequestsQueue.js), which
// decodes every byte received as UTF-8. A compressed body is not valid UTF-8 and takes V8's slow path, so the
// client, not the server, set the pace of every brotli row: a bare Fastify answered a 24 KB brotli body at
// ~2,800 req/s and a 130 KB JSON body at ~9,500; decoded as Latin-1, which costs the same whatever the bytes,
// 14,800 and 8,500. (Dropping the copy altogether was worse: bodies of 50 KB and more then ran ~3× slower, for
// a reason not pinned down; bench/findings.md.) Only verifyBody, expectBody and onResponse read the body; the
// bench uses none of them, and bytes are counted separately.
module.exports = function setupClient(client) {
  const queue = client.pipelinedRequests;
  queue.addBody = (data) => {
    const request = queue.peek();
    if (request) request.body += data.toString("latin1");
  };
};
