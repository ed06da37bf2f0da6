/** The browser's end of the live-update stream, with a stand-in EventSource. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { connectLiveEvents } from "./live-events";

class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string; lastEventId?: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("connectLiveEvents", () => {
  it("behavior: hands on each known event, skips what it does not know or cannot parse", () => {
    const onEvent = vi.fn();
    const stream = connectLiveEvents({ onEvent, onResync: vi.fn() });
    const [source] = FakeEventSource.opened;
    expect(source?.url).toBe("/api/events");
    source?.onmessage?.({ data: JSON.stringify({ type: "post.created", postId: "7", authorWallet: "0xabc" }) });
    source?.onmessage?.({ data: JSON.stringify({ type: "from.a.newer.server" }) });
    source?.onmessage?.({ data: "not json" });
    expect(onEvent.mock.calls).toEqual([[{ type: "post.created", postId: "7", authorWallet: "0xabc" }]]);
    stream.close();
    expect(source?.closed).toBe(true);
  });

  it("behavior: a stream the browser gave up on is opened again, and the page reads everything again", () => {
    const onResync = vi.fn();
    connectLiveEvents({ onEvent: vi.fn(), onResync });
    const first = FakeEventSource.opened[0]!;
    first.onopen?.();
    // The browser retries a dropped stream itself (CONNECTING, with Last-Event-ID): nothing to do.
    first.onerror?.();
    expect(FakeEventSource.opened).toHaveLength(1);
    // Closed for good (the server answered an error): a new stream after a pause, then a resync.
    first.readyState = FakeEventSource.CLOSED;
    first.onerror?.();
    vi.advanceTimersByTime(5_000);
    const second = FakeEventSource.opened[1]!;
    expect(second).toBeDefined();
    expect(onResync).not.toHaveBeenCalled();
    second.onopen?.();
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it("behavior: a stream opened again (the session changed) asks for what came after the last event it saw", () => {
    const onEvent = vi.fn();
    const onResync = vi.fn();
    const stream = connectLiveEvents({ onEvent, onResync });
    const first = FakeEventSource.opened[0]!;
    first.onopen?.();
    first.onmessage?.({ data: JSON.stringify({ type: "sync" }), lastEventId: "41" });
    stream.reopen();
    expect(first.closed).toBe(true);
    const second = FakeEventSource.opened[1]!;
    expect(second.url).toBe("/api/events?lastEventId=41");
    second.onopen?.();
    // Caught up by the server: nothing to read again.
    expect(onResync).not.toHaveBeenCalled();
    // The closed stream's late error does not start a third.
    first.onerror?.();
    vi.advanceTimersByTime(5_000);
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it("behavior: opened again before any event arrived, it cannot name one, so the page reads everything again", () => {
    const onResync = vi.fn();
    const stream = connectLiveEvents({ onEvent: vi.fn(), onResync });
    stream.reopen();
    const second = FakeEventSource.opened[1]!;
    expect(second.url).toBe("/api/events");
    second.onopen?.();
    expect(onResync).toHaveBeenCalledTimes(1);
  });
});
