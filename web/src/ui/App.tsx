// The app shell: a 1920 × 1080 stage (UI-001, UI-101, UI-201, UI-301,
// UI-401 lay every screen out at that size) scaled to fit the window, so
// pixel sizes hold at 1920 × 1080 and the whole layout shrinks evenly down to
// 1280 × 720 and below. Screens switch on state; panels float over them.

import { useEffect, useState } from "preact/hooks";
import { useApp } from "./common";
import { Login } from "./Login";
import { Menu } from "./Menu";
import { Community, Invites } from "./Community";
import { Room } from "./Room";
import { Play } from "./Play";
import { Results } from "./Results";
import { Replay } from "./Replay";
import { Traits } from "./Traits";
import { History, Help, Loading, OptionsPanel, Shop } from "./Screens";

export const STAGE_W = 1920;
export const STAGE_H = 1080;

function useScale(): number {
  const calc = () => Math.min(window.innerWidth / STAGE_W, window.innerHeight / STAGE_H);
  const [scale, setScale] = useState(calc);
  useEffect(() => {
    const on = () => setScale(calc());
    window.addEventListener("resize", on);
    return () => window.removeEventListener("resize", on);
  }, []);
  return scale;
}

export function ConnBanner() {
  const { s } = useApp();
  const c = s.conn;
  if (!s.account || c.state === "open") return null;
  let text = s.t.t("app.connecting");
  if (c.state === "waiting") text = s.t.t("app.reconnecting", { seconds: Math.ceil(c.delay / 1000), attempt: c.attempt });
  if (c.state === "closed") text = s.t.t("app.error", { message: `${c.code} ${c.reason}` });
  // The server refused this page's protocol (net/reload.ts).
  if (c.state === "closed" && s.update) text = s.t.t(s.update === "reloading" ? "app.updating" : "app.outdated");
  return (
    <div class="conn-banner" role="status" data-testid="conn-banner" data-state={c.state} data-update={s.update ?? undefined}>
      {text}
    </div>
  );
}

function Toasts() {
  const { s } = useApp();
  return (
    <div class="toasts" aria-live="polite" data-testid="toasts">
      {s.toasts.map((x) => (
        <div key={x.id} class={`toast toast-${x.kind}`} data-testid={`toast-${x.kind}`}>
          {x.text}
        </div>
      ))}
    </div>
  );
}

export function App() {
  const { s, ctl } = useApp();
  const scale = useScale();
  const needsClock = !!s.room || !!s.match?.deadline || !!s.queue;
  useEffect(() => {
    if (!needsClock) return;
    const h = setInterval(() => ctl.tick(), 250);
    return () => clearInterval(h);
  }, [needsClock]);
  let screen;
  switch (s.screen) {
    case "boot":
      screen = <Loading />;
      break;
    case "login":
      screen = <Login />;
      break;
    case "menu":
      screen = <Menu />;
      break;
    case "room":
      screen = <Room />;
      break;
    case "loading":
      screen = <Loading match />;
      break;
    case "play":
      screen = <Play />;
      break;
    case "results":
      screen = <Results />;
      break;
    case "replay":
      screen = <Replay />;
      break;
    case "traits":
      screen = <Traits />;
      break;
    case "shop":
      screen = <Shop />;
      break;
    case "history":
      screen = <History />;
      break;
    case "help":
      screen = <Help />;
      break;
  }
  return (
    <div class={`viewport${s.options.reduceMotion ? " reduce-motion" : ""}`}>
      <div
        class="stage"
        data-testid="stage"
        data-screen={s.screen}
        data-lang={s.lang}
        style={{ width: `${STAGE_W}px`, height: `${STAGE_H}px`, transform: `translate(-50%, -50%) scale(${scale})` }}
      >
        {screen}
        {s.panels.community && s.account && <Community />}
        {s.panels.options && <OptionsPanel />}
        <Invites />
        <ConnBanner />
        <Toasts />
      </div>
    </div>
  );
}
