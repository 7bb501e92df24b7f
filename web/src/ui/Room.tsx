// B. Waiting screen (UI-201-UI-217): slot 1 holds the player's own choices
// (character, religion, trait slot; "Random" by default, the trait slot of
// the last game or Basic Trait 1), slots 2-4 show the other players by
// player count, a countdown box (40 s), the map size "n × n", Options and
// Back. Other players' choices stay hidden (GAP-65).

import { PlayerIcon, Panel, roomSecondsLeft, useApp } from "./common";
import type { RoomSeat } from "../store";

const CHARACTERS = ["businessman", "religionist", "fortune_teller", "explorer"];
const RELIGIONS = ["christianity", "buddhism", "hinduism", "islam"];

export function Room() {
  const { s, ctl } = useApp();
  const t = s.t;
  const room = s.room;
  if (!room) return null;
  const me = s.account!;
  const mine = room.you !== undefined ? room.seats.find((x, i) => (x.seat ?? i) === room.you) : room.seats.find((x) => x.account === me.id);
  const others = room.seats.filter((x) => x !== mine);
  const left = roomSecondsLeft(room, s.now, s.clockOffset);
  const slotOptions = [
    ...[1, 2, 3].map((n) => ({ value: -n, label: presetName(t, n) })),
    ...s.slots.map((x) => ({ value: x.slot, label: x.name })),
  ];
  return (
    <div class="screen room-screen" data-testid="screen-room" data-ui="UI-201">
      <h1 class="screen-title">{t.t("room.title")}</h1>
      <div class="room-top">
        <div class="room-box" data-testid="room-countdown" data-ui="UI-208">
          <div class="label">{t.t("room.time_left")}</div>
          <div class="value" data-testid="countdown-value" data-ui="UI-209">{t.t("room.seconds", { n: left })}</div>
        </div>
        <div class="room-box" data-testid="room-size" data-ui="UI-211">
          <div class="label">{t.t("room.size")}</div>
          <div class="value">{t.t("room.size_value", { w: room.map_size, h: room.map_size })}</div>
        </div>
        <button class="room-btn" onClick={() => ctl.panel("options", true)} data-testid="room-options" data-ui="UI-212">
          {t.t("room.options")}
        </button>
        <button class="room-btn" onClick={() => ctl.panel("back", true)} data-testid="room-back" data-ui="UI-213">
          {t.t("room.back")}
        </button>
      </div>
      <div class="room-slots">
        <div class="room-slot own" data-testid="slot-1" data-ui="UI-202">
          <PlayerIcon name={me.display_name} icon={me.icon} size={120} />
          <div class="slot-name">{me.display_name}</div>
          <div class="slot-level">{t.t("menu.level", { level: me.level })}</div>
          <label data-ui="UI-203">
            {t.t("room.character")}
            <select value={room.choice.character} onChange={(e) => void ctl.choose({ character: e.currentTarget.value })} data-testid="choose-character">
              <option value="random">{t.t("app.random")}</option>
              {CHARACTERS.map((c) => (
                <option key={c} value={c}>{t.name("character", c)}</option>
              ))}
            </select>
          </label>
          <label data-ui="UI-204">
            {t.t("room.religion")}
            <select value={room.choice.religion} onChange={(e) => void ctl.choose({ religion: e.currentTarget.value })} data-testid="choose-religion">
              <option value="random">{t.t("app.random")}</option>
              {RELIGIONS.map((r) => (
                <option key={r} value={r}>{t.name("religion", r)}</option>
              ))}
            </select>
          </label>
          <label data-ui="UI-205">
            {t.t("room.trait_slot")}
            <select value={String(room.choice.slot)} onChange={(e) => void ctl.choose({ slot: Number(e.currentTarget.value) })} data-testid="choose-slot">
              {slotOptions.map((o) => (
                <option key={o.value} value={String(o.value)}>{o.label}</option>
              ))}
            </select>
          </label>
          <button
            class={`ready-btn${mine?.ready ? " on" : ""}`}
            disabled={mine?.ready}
            onClick={() => void ctl.ready()}
            data-testid="ready"
          >
            {mine?.ready ? t.t("room.is_ready") : t.t("room.ready")}
          </button>
        </div>
        {[0, 1, 2].map((i) => (
          <OtherSlot key={i} seat={others[i]} n={i + 2} used={i < room.players - 1} />
        ))}
      </div>
      {s.panels.back && (
        <Panel title={t.t("room.leave_title")} onClose={() => ctl.panel("back", false)} testid="back-panel">
          <p>{t.t("room.leave_body")}</p>
          <div class="row">
            <button class="danger" onClick={() => void ctl.leaveRoom()} data-testid="room-leave">{t.t("room.leave")}</button>
            <button onClick={() => ctl.panel("back", false)}>{t.t("app.cancel")}</button>
          </div>
        </Panel>
      )}
    </div>
  );
}

function presetName(t: { t: (k: string, p?: Record<string, unknown>) => string }, n: number) {
  return t.t("room.basic_slot", { n });
}

/** OtherSlot is player slot 2, 3 or 4 (UI-206, UI-207): icon, ID and level, or unused. */
function OtherSlot(props: { seat?: RoomSeat; n: number; used: boolean }) {
  const { s } = useApp();
  const t = s.t;
  const x = props.seat;
  if (!props.used) {
    return <div class="room-slot unused" data-testid={`slot-${props.n}`} data-ui="UI-206" data-used="false" />;
  }
  const name = x ? (x.bot ? t.t("app.bot", { level: t.name("level", x.bot) }) : x.display_name) : t.t("room.empty_slot");
  return (
    <div class="room-slot" data-testid={`slot-${props.n}`} data-ui="UI-207" data-used="true">
      <PlayerIcon name={name} icon={x?.icon} size={120} />
      <div class="slot-name">{name}</div>
      {x && !x.bot && <div class="slot-level">{t.t("menu.level", { level: x.level })}</div>}
      {x && <div class={`slot-ready${x.ready ? " on" : ""}`}>{x.ready ? t.t("room.is_ready") : t.t("room.not_ready")}</div>}
    </div>
  );
}
