/**
 * useAdminAction's double-click guard: the same action twice while it runs is sent once, and a different action
 * of the same tab (another row's Archive, a Cancel beside a Complete) is still sent. Before, one guard per hook
 * made the second row's click do nothing at all: no request, no alert, its button enabled.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AlertProvider } from "../../ui/alerts";
import { type AdminAct, useAdminAction } from "./use-admin-action";

/** The hook as a tab holds it (rendered once; its function keeps working after). */
function holdAct(): AdminAct {
  let act: AdminAct | undefined;
  function Holder() {
    act = useAdminAction();
    return null;
  }
  renderToStaticMarkup(
    <AlertProvider>
      <Holder />
    </AlertProvider>,
  );
  if (!act) throw new Error("the hook did not render");
  return act;
}

/** A write the test answers when it likes, counting how often it was sent. */
function write() {
  let answer: (value: string) => void = () => {};
  const sent: string[] = [];
  const run = (what: string) => () => {
    sent.push(what);
    return new Promise<string>((resolve) => {
      answer = resolve;
    });
  };
  return { run, sent, answer: (value: string) => answer(value) };
}

describe("admin actions run once per click, each action its own", () => {
  it("a double click on one row's button sends its write once", async () => {
    const act = holdAct();
    const w = write();
    const first = act(w.run("archive ada"), () => "Archived", { key: "archive:ada" });
    const second = act(w.run("archive ada"), () => "Archived", { key: "archive:ada" });
    w.answer("ok");
    expect(await first).toBe("ok");
    expect(await second).toBeUndefined();
    expect(w.sent).toEqual(["archive ada"]);
  });

  it("another row's button, clicked while the first row's write runs, sends its own", async () => {
    const act = holdAct();
    const ada = write();
    const ben = write();
    const first = act(ada.run("archive ada"), () => "Archived", { key: "archive:ada" });
    const second = act(ben.run("archive ben"), () => "Archived", { key: "archive:ben" });
    expect(ben.sent).toEqual(["archive ben"]);
    ada.answer("ada archived");
    ben.answer("ben archived");
    expect([await first, await second]).toEqual(["ada archived", "ben archived"]);
  });

  it("after a failed write the same button works again", async () => {
    const act = holdAct();
    const sent: number[] = [];
    const failing = () => {
      sent.push(sent.length);
      return Promise.reject(new Error("Treasury is empty"));
    };
    expect(await act(failing, () => "Done")).toBeUndefined();
    expect(await act(failing, () => "Done")).toBeUndefined();
    expect(sent).toEqual([0, 1]);
  });
});
