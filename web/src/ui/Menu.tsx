// A. Main menu (UI-001-UI-018), laid out at 1920 × 1080: the Traits, Shop
// and Community buttons (200 × 200), the player's information, the group
// display (130 × 130 per member), the 2/3/4-player buttons and the Start
// Matching toggle, plus what the source leaves out: play bots now, private
// match for a group, rejoining a live match, history, help, options.

import { PlayerIcon, useApp } from "./common";

export function Menu() {
  const { s, ctl } = useApp();
  const t = s.t;
  const a = s.account!;
  const party = s.party;
  const leader = !party || party.leader === a.id;
  const queued = !!s.queue;
  const waited = s.queue?.since ? Math.max(0, Math.floor((s.now - (Date.parse(s.queue.since) - s.clockOffset)) / 1000)) : 0;
  const xpSpan = Math.max(1, a.next_level_xp - a.level_xp);
  const xpPct = Math.min(100, Math.max(0, ((a.xp - a.level_xp) / xpSpan) * 100));
  return (
    <div class="screen menu-screen" data-testid="screen-menu" data-ui="UI-001">
      <div class="menu-player" data-testid="player-info" data-ui="UI-009">
        <PlayerIcon name={a.display_name} icon={a.icon} size={96} testid="player-icon" />
        <div class="menu-player-text">
          <div class="player-id" data-testid="player-id">
            {a.display_name}
            {a.username && <span class="username"> @{a.username}</span>}
          </div>
          <div class="player-level" data-testid="player-level">
            {t.t("menu.level", { level: a.level })} · {t.t("menu.xp", { xp: a.xp })}
          </div>
          <div class="xp-bar">
            <div style={{ width: `${xpPct}%` }} />
          </div>
          {a.guest && <div class="guest-note">{t.t("menu.guest_note")}</div>}
        </div>
      </div>

      <div class="menu-top-right">
        <button onClick={() => ctl.go("history")} data-testid="open-history">{t.t("menu.history")}</button>
        <button onClick={() => ctl.go("help")} data-testid="open-help">{t.t("menu.help")}</button>
        <button onClick={() => ctl.panel("options", true)} data-testid="open-options">{t.t("menu.options")}</button>
        <button onClick={() => void ctl.logout()} data-testid="logout">{t.t("menu.logout")}</button>
      </div>

      <div class="menu-left">
        <button class="square-btn" style={{ width: "200px", height: "200px" }} onClick={() => ctl.go("traits")} data-testid="btn-traits" data-ui="UI-002">
          <span class="square-glyph">✦</span>
          {t.t("menu.traits")}
        </button>
        <button class="square-btn" style={{ width: "200px", height: "200px" }} onClick={() => ctl.go("shop")} data-testid="btn-shop" data-ui="UI-004">
          <span class="square-glyph">⛁</span>
          {t.t("menu.shop")}
        </button>
        <button
          class={`square-btn${s.panels.community ? " on" : ""}`}
          style={{ width: "200px", height: "200px" }}
          onClick={() => ctl.panel("community")}
          aria-pressed={s.panels.community}
          data-testid="btn-community"
          data-ui="UI-006"
        >
          <span class="square-glyph">☺</span>
          {t.t("menu.community")}
        </button>
      </div>

      <div class="menu-group" data-testid="group-display" data-ui="UI-010">
        <h3>{t.t("menu.group")}</h3>
        <div class="group-members">
          {(party?.members ?? [{ account: a.id, display_name: a.display_name, icon: a.icon, level: a.level }]).map((m) => (
            <div class="group-member" key={m.account} data-testid="group-member" data-ui="UI-011">
              <PlayerIcon name={m.display_name} icon={m.icon} size={130} ui="UI-012" />
              <div class="member-id">{m.display_name}</div>
              {party && party.leader === m.account && <div class="leader-tag">{t.t("menu.leader")}</div>}
              {party && party.leader === a.id && m.account !== a.id && (
                <button class="small" onClick={() => void ctl.kick(m.account)} data-testid="kick">
                  {t.t("menu.kick")}
                </button>
              )}
            </div>
          ))}
        </div>
        {!party && <p class="hint">{t.t("menu.group_empty")}</p>}
        {party && (
          <button class="small" onClick={() => void ctl.leaveParty()} data-testid="leave-group">
            {t.t("menu.leave_group")}
          </button>
        )}
      </div>

      {s.liveMatches.length > 0 && (
        <div class="menu-live" data-testid="live-matches">
          <h3>{t.t("menu.live_matches")}</h3>
          {s.liveMatches.map((m) => (
            <div class="live-row" key={m.match}>
              #{m.match} · {t.t("menu.players", { n: m.players })}
              <button onClick={() => void ctl.rejoin(m.match)} data-testid={`rejoin-${m.match}`}>
                {t.t("menu.rejoin")}
              </button>
            </div>
          ))}
        </div>
      )}

      <form
        class="menu-spectate"
        data-testid="spectate"
        onSubmit={(ev) => {
          ev.preventDefault();
          const input = (ev.currentTarget as HTMLFormElement).elements.namedItem("match") as HTMLInputElement | null;
          void ctl.spectate(Number(input?.value ?? ""));
        }}
      >
        <label>
          {t.t("menu.spectate_id")} <input name="match" type="number" min="1" inputMode="numeric" data-testid="spectate-id" />
        </label>
        <button type="submit" class="small" data-testid="spectate-go">
          {t.t("menu.spectate")}
        </button>
      </form>

      <div class="menu-match">
        <div class="players-buttons" role="radiogroup" data-ui="UI-013">
          {([2, 3, 4] as const).map((n) => (
            <button
              key={n}
              role="radio"
              aria-checked={s.selectedPlayers === n}
              class={s.selectedPlayers === n ? "on" : ""}
              disabled={queued}
              onClick={() => ctl.selectPlayers(n)}
              data-testid={`players-${n}`}
              data-ui={n === 2 ? "UI-014" : n === 3 ? "UI-015" : "UI-016"}
            >
              {t.t("menu.players", { n })}
            </button>
          ))}
        </div>
        <button
          class={`start-matching${queued ? " active" : ""}`}
          onClick={() => void ctl.toggleMatching()}
          aria-pressed={queued}
          disabled={!leader}
          data-testid="start-matching"
          data-ui={queued ? "UI-018" : "UI-017"}
          data-active={queued ? "true" : "false"}
        >
          {queued ? t.t("menu.matching", { seconds: waited }) : t.t("menu.start_matching")}
          {queued && <span class="sub">{t.t("menu.cancel_matching")}</span>}
        </button>
        <div class="bots-row">
          <label>
            {t.t("menu.bot_level")}
            <select value={s.botLevel} onChange={(e) => ctl.setBotLevel(e.currentTarget.value)} data-testid="bot-level">
              {s.botLevels.map((l) => (
                <option key={l} value={l}>
                  {t.name("level", l)}
                </option>
              ))}
            </select>
          </label>
          <button onClick={() => void ctl.playBots()} disabled={queued || !leader} data-testid="play-bots">
            {t.t("menu.play_bots")}
          </button>
          {party && leader && (
            <button onClick={() => void ctl.privateMatch()} disabled={queued} data-testid="private-match">
              {t.t("menu.private_match")}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
