/**
 * The memory live-update streams may hold for clients that read slower than events arrive. Each stream may
 * have `perStream` bytes waiting; all of them together `total`. A stream over its own cap, or (the total over
 * budget) the streams with the largest backlogs, are closed: the browser reconnects after `retry:` and catches
 * up from Last-Event-ID, or reads everything again (`sync`). Before, each stream could hold 1 MB with no
 * total: 2,000 streams that never read cost +57 MB of heap and slowed every broadcast 3.7×.
 *
 * Streams are measured on the tick after their writes, not at once: Node counts a write as waiting until the
 * tick after it went into the socket, so a burst of events in one tick would make every client, the fast
 * ones too, look slow. What a stream holds changes as its socket drains, which nobody announces: the budget
 * keeps the size seen at each stream's last check, which can only be too high, and measures every stream
 * again before closing any for the total. It then sheds down to `LOW_WATER` of the total, so a total
 * hovering at the budget does not measure all streams on every write.
 */

export interface BufferedStream {
  /** Bytes written to the stream that its client has not taken yet. */
  readonly buffered: number;
  /** Closes the stream at once, dropping what waits (and calls `remove`). */
  close(): void;
}

export interface BufferBudget {
  add(stream: BufferedStream): void;
  /**
   * After a write to `stream`: on the next tick, closes it when over its cap, and the largest backlogs when
   * over the total.
   */
  wrote(stream: BufferedStream): void;
  remove(stream: BufferedStream): void;
  /** Bytes waiting across all streams, as last seen (an upper bound). */
  readonly total: number;
}

export interface BufferLimits {
  perStream: number;
  total: number;
}

const LOW_WATER = 0.9;

export function createBufferBudget(
  limits: BufferLimits,
  later: (check: () => void) => void = setImmediate,
): BufferBudget {
  const seen = new Map<BufferedStream, number>();
  const written = new Set<BufferedStream>();
  let checking = false;
  let total = 0;

  const measure = (stream: BufferedStream) => {
    const now = stream.buffered;
    total += now - (seen.get(stream) ?? 0);
    seen.set(stream, now);
    return now;
  };

  function shed(): void {
    total = 0;
    for (const stream of seen.keys()) {
      const now = stream.buffered;
      seen.set(stream, now);
      total += now;
    }
    const target = limits.total * LOW_WATER;
    if (total <= target) return;
    const largestFirst = [...seen].sort((a, b) => b[1] - a[1]);
    for (const [stream] of largestFirst) {
      if (total <= target) break;
      close(stream);
    }
  }

  function check(): void {
    checking = false;
    const streams = [...written];
    written.clear();
    for (const stream of streams) {
      if (seen.has(stream) && measure(stream) > limits.perStream) close(stream);
    }
    if (total > limits.total) shed();
  }

  function close(stream: BufferedStream): void {
    stream.close();
    // In case the stream's close did not remove it itself.
    remove(stream);
  }

  function remove(stream: BufferedStream): void {
    const last = seen.get(stream);
    if (last === undefined) return;
    total -= last;
    seen.delete(stream);
    written.delete(stream);
  }

  return {
    add(stream) {
      seen.set(stream, 0);
      measure(stream);
    },
    wrote(stream) {
      if (!seen.has(stream)) return;
      written.add(stream);
      if (checking) return;
      checking = true;
      later(check);
    },
    remove,
    get total() {
      return total;
    },
  };
}
