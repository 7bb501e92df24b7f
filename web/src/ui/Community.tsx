// Community panel (UI-101-UI-114), 800 × 650 on the 1920 × 1080 stage:
// each registered player's icon with the presence dot (red in a game, green
// otherwise), ID, level and Invite button (enabled only on green), and a
// scroll made of a fixed frame and a button whose length shrinks as the
// list grows (UI-111-UI-114). Adding friends by ID with mutual acceptance
// follows GAP-64. Invitations received pop up over any screen.

import { useEffect, useRef, useState } from "preact/hooks";
import { Panel, PlayerIcon, useApp } from "./common";
import type { Friend } from "../store";

/** presenceDot maps presence to the dot: red in a game, green when not, grey offline. */
export function presenceDot(p: Friend["presence"]): "red" | "green" | "grey" {
  if (p === "in_match") return "red";
  if (p === "online") return "green";
  return "grey";
}

/** scrollThumb gives the scroll button's length and offset in a frame of frameH (UI-113, UI-114). */
export function scrollThumb(viewH: number, contentH: number, scrollTop: number, frameH: number) {
  if (contentH <= viewH || contentH <= 0) return { size: frameH, offset: 0 };
  const size = Math.max(24, (frameH * viewH) / contentH);
  const offset = ((frameH - size) * scrollTop) / (contentH - viewH);
  return { size, offset };
}

function Scroller(props: { children: preact.ComponentChildren }) {
  const list = useRef<HTMLDivElement>(null);
  const [thumb, setThumb] = useState({ size: 100, offset: 0 });
  const FRAME = 520;
  const update = () => {
    const el = list.current;
    if (el) setThumb(scrollThumb(el.clientHeight, el.scrollHeight, el.scrollTop, FRAME));
  };
  useEffect(update);
  // Dragging the list up or down scrolls it; the scroll button follows (UI-112).
  const drag = useRef<{ y: number; top: number; thumb: boolean } | null>(null);
  const down = (e: PointerEvent, onThumb: boolean) => {
    const el = list.current;
    if (!el) return;
    drag.current = { y: e.clientY, top: el.scrollTop, thumb: onThumb };
    (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
  };
  const move = (e: PointerEvent) => {
    const el = list.current;
    const d = drag.current;
    if (!el || !d) return;
    const dy = e.clientY - d.y;
    if (Math.abs(dy) < 3) return;
    const scale = d.thumb ? (el.scrollHeight - el.clientHeight) / Math.max(1, FRAME - thumb.size) : -1;
    el.scrollTop = d.top + dy * scale;
    update();
  };
  const up = () => {
    drag.current = null;
  };
  return (
    <div class="scroller">
      <div
        class="scroll-list"
        ref={list}
        onScroll={update}
        onPointerDown={(e) => e.pointerType === "mouse" && !(e.target as Element).closest("button,input") && down(e, false)}
        onPointerMove={move}
        onPointerUp={up}
        data-testid="community-list"
      >
        {props.children}
      </div>
      <div class="scroll-frame" style={{ height: `${FRAME}px` }} data-testid="scroll-frame" data-ui="UI-111">
        <div
          class="scroll-button"
          style={{ height: `${thumb.size}px`, transform: `translateY(${thumb.offset}px)` }}
          onPointerDown={(e) => down(e, true)}
          onPointerMove={move}
          onPointerUp={up}
          data-testid="scroll-button"
          data-ui="UI-114"
        />
      </div>
    </div>
  );
}

export function Community() {
  const { s, ctl } = useApp();
  const t = s.t;
  const [name, setName] = useState("");
  const [invited, setInvited] = useState<Set<number>>(new Set());
  const accepted = s.friends.filter((f) => f.state === "accepted");
  const incoming = s.friends.filter((f) => f.state === "incoming");
  const outgoing = s.friends.filter((f) => f.state === "outgoing");
  return (
    <Panel
      title={t.t("community.title")}
      onClose={() => ctl.panel("community", false)}
      class="community-panel"
      testid="community-panel"
      ui="UI-101"
      style={{ width: "800px", height: "650px" }}
    >
      <form
        class="add-friend"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) void ctl.requestFriend(name.trim()).then(() => setName(""));
        }}
      >
        <input placeholder={t.t("community.add_placeholder")} value={name} onInput={(e) => setName(e.currentTarget.value)} data-testid="friend-name" />
        <button type="submit" data-testid="friend-add">
          {t.t("community.add")}
        </button>
      </form>
      <Scroller>
        {incoming.length > 0 && <h4>{t.t("community.requests")}</h4>}
        {incoming.map((f) => (
          <div class="friend-row incoming" key={f.account} data-testid="friend-request" data-account={f.account}>
            <PlayerIcon name={f.display_name} icon={f.icon} size={56} />
            <div class="friend-id">{f.display_name} {f.username && <span class="username">@{f.username}</span>}</div>
            <div class="friend-level">{t.t("menu.level", { level: f.level })}</div>
            <button onClick={() => void ctl.acceptFriend(f.account)} data-testid="friend-accept">{t.t("community.accept")}</button>
            <button onClick={() => void ctl.removeFriend(f.account)} data-testid="friend-decline">{t.t("community.decline")}</button>
          </div>
        ))}
        {accepted.length === 0 && incoming.length === 0 && <p class="hint">{t.t("community.empty")}</p>}
        {accepted.map((f) => {
          const dot = presenceDot(f.presence);
          const can = dot === "green";
          return (
            <div class="friend-row" key={f.account} data-testid="friend" data-account={f.account} data-presence={f.presence}>
              <PlayerIcon name={f.display_name} icon={f.icon} size={56} dot={dot} ui="UI-102" />
              <div class="friend-id" data-ui="UI-106">
                {f.display_name} {f.username && <span class="username">@{f.username}</span>}
                <div class="presence-text">{t.t(f.presence === "in_match" ? "community.in_game" : f.presence === "online" ? "community.online" : "community.offline")}</div>
              </div>
              <div class="friend-level" data-ui="UI-107">{t.t("menu.level", { level: f.level })}</div>
              <button
                disabled={!can}
                onClick={() => {
                  void ctl.invite(f.account).then((ok) => ok && setInvited(new Set([...invited, f.account])));
                }}
                data-testid="invite"
                data-ui="UI-108"
              >
                {invited.has(f.account) ? t.t("community.invited") : t.t("community.invite")}
              </button>
              <button class="small ghost" onClick={() => void ctl.removeFriend(f.account)} data-testid="friend-remove">
                {t.t("community.remove")}
              </button>
            </div>
          );
        })}
        {outgoing.map((f) => (
          <div class="friend-row outgoing" key={f.account} data-testid="friend-outgoing">
            <PlayerIcon name={f.display_name} icon={f.icon} size={56} />
            <div class="friend-id">{f.display_name} {f.username && <span class="username">@{f.username}</span>}</div>
            <div class="friend-level">{t.t("community.pending")}</div>
            <button class="small ghost" onClick={() => void ctl.removeFriend(f.account)}>{t.t("app.cancel")}</button>
          </div>
        ))}
      </Scroller>
    </Panel>
  );
}

/** Invites shows each received invitation with Join and Decline (UI-110 on the receiving side). */
export function Invites() {
  const { s, ctl } = useApp();
  if (!s.account || s.invites.length === 0) return null;
  const inv = s.invites[0];
  const t = s.t;
  return (
    <div class="invite-popup" role="alertdialog" data-testid="invite-popup">
      <h3>{t.t("invite.title")}</h3>
      <div class="invite-body">
        <PlayerIcon name={inv.display_name} icon={inv.icon} size={64} />
        <p>{t.t("invite.body", { name: inv.display_name })}</p>
      </div>
      <button class="primary" onClick={() => void ctl.answerInvite(inv.account, true)} data-testid="invite-accept">{t.t("invite.accept")}</button>
      <button onClick={() => void ctl.answerInvite(inv.account, false)} data-testid="invite-decline">{t.t("invite.decline")}</button>
    </div>
  );
}
