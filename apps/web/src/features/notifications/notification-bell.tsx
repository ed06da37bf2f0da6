/**
 * The bell in the navigation: the signed-in wallet's unread count, and a list of its notifications (tips,
 * votes on its posts, bounties, awards, moderation), newest first. Live: a new notification arrives on the
 * event stream and the list is read again (app/live-updates.tsx). Without a session the list offers to sign
 * in (one signature, as before any write).
 */
import { messages } from "@classcoin/shared/messages";
import type { Notification } from "@classcoin/shared/notifications";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { ApiError } from "../../lib/api-client";
import { formatDateTime } from "../../ui/dates";
import { useSignedIn } from "../../wallet/session";
import { usePrepareWrite } from "../../wallet/use-prepare-write";
import { useWallet } from "../../wallet/use-wallet";
import { useWalletSetup } from "../../wallet/wallet-context";
import { writeErrorText } from "../../wallet/write-errors";
import { useNotifications } from "./api/get-notifications";
import { useMarkRead } from "./api/mark-read";
import "./notifications.css";

export function NotificationBell() {
  const { wallet } = useWallet();
  const signedIn = useSignedIn();
  const { data } = useNotifications(wallet, signedIn === true);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    const onClick = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);

  if (!wallet) return null;
  const unread = data?.unread ?? 0;
  const label = unread > 0 ? `Notifications (${unread} unread)` : "Notifications";
  return (
    <div className="bell" ref={root}>
      <button
        type="button"
        className="bell-button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          />
        </svg>
        {unread > 0 && (
          <span className="bell-count" data-testid="bell-count" aria-hidden="true">
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </button>
      {open && (
        <section id={panelId} className="bell-panel" aria-label="Notifications">
          {signedIn === false ? (
            <SignInToSee />
          ) : (
            <NotificationList wallet={wallet} notifications={data?.notifications} onFollow={() => setOpen(false)} />
          )}
        </section>
      )}
    </div>
  );
}

function SignInToSee() {
  const prepare = usePrepareWrite();
  const [busy, setBusy] = useState(false);
  const { config } = useWalletSetup();
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <div className="bell-empty">
      <p>Sign in with your wallet to see your notifications. It costs nothing and sends no transaction.</p>
      <button
        type="button"
        className="button small"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setFailed(null);
          try {
            await prepare();
          } catch (error) {
            // What went wrong, as every write says it (the sign-in limit's wait, a declined signature, the
            // network): "did not work" sent a student to sign again into the same 429.
            const said = writeErrorText(error, config, messages.post.connect);
            setFailed(
              said ?? (error instanceof ApiError ? error.message : "Signing in did not work. Please try again."),
            );
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? "Signing in…" : "Sign in"}
      </button>
      {failed && (
        <p className="field-error" role="alert">
          {failed}
        </p>
      )}
    </div>
  );
}

function NotificationList({
  wallet,
  notifications,
  onFollow,
}: {
  wallet: string;
  notifications: Notification[] | undefined;
  onFollow: () => void;
}) {
  const markRead = useMarkRead(wallet);
  if (!notifications) return <p className="bell-empty muted">Loading notifications…</p>;
  if (notifications.length === 0) return <p className="bell-empty muted">No notifications yet.</p>;
  const unreadIds = notifications.filter((n) => !n.read).map((n) => n._id);
  return (
    <>
      <div className="bell-head">
        <h2>Notifications</h2>
        {unreadIds.length > 0 && (
          <button type="button" className="link-button" onClick={() => markRead.mutate(unreadIds)}>
            Mark all read
          </button>
        )}
      </div>
      <ul className="bell-list">
        {notifications.map((n) => (
          <li key={n._id} className={n.read ? "read" : "unread"} data-testid="notification">
            {n.link ? (
              <Link
                to={n.link}
                onClick={() => {
                  if (!n.read) markRead.mutate([n._id]);
                  onFollow();
                }}
              >
                {n.text}
              </Link>
            ) : (
              <span>{n.text}</span>
            )}
            <time className="muted small" dateTime={n.createdAt}>
              {formatDateTime(n.createdAt)}
            </time>
            {!n.read && <span className="visually-hidden"> (unread)</span>}
          </li>
        ))}
      </ul>
    </>
  );
}
