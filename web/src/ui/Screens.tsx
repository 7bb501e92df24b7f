// The small screens the source names but does not specify (GAP-30;
// docs/ui.md): loading, shop, options, match history and the rules help.

import { useEffect, useState } from "preact/hooks";
import { LANGS } from "../i18n/i18n";
import { Panel, useApp } from "./common";

export function Loading(props: { match?: boolean }) {
  const { s } = useApp();
  return (
    <div class="screen loading-screen" data-testid={props.match ? "screen-loading" : "screen-boot"} data-ui={props.match ? "UI-210" : undefined}>
      <div class="spinner" aria-hidden="true" />
      <p>{s.t.t(props.match ? "loading.title" : "app.loading")}</p>
    </div>
  );
}

export function Shop() {
  const { s, ctl } = useApp();
  return (
    <div class="screen simple-screen" data-testid="screen-shop" data-ui="UI-005">
      <h1 class="screen-title">{s.t.t("shop.title")}</h1>
      <p class="lead">{s.t.t("shop.soon")}</p>
      <button onClick={() => ctl.go("menu")} data-testid="shop-back">{s.t.t("app.back")}</button>
    </div>
  );
}

export function OptionsPanel() {
  const { s, ctl } = useApp();
  const t = s.t;
  return (
    <Panel title={t.t("options.title")} onClose={() => ctl.panel("options", false)} testid="options-panel" class="options-panel">
      <fieldset>
        <legend>{t.t("options.language")}</legend>
        {LANGS.map((l) => (
          <label key={l} class="radio">
            <input type="radio" name="lang" checked={s.lang === l} onChange={() => ctl.setLang(l)} data-testid={`option-lang-${l}`} />
            {l === "ko" ? "한국어" : "English"}
          </label>
        ))}
      </fieldset>
      <label class="check">
        <input type="checkbox" checked={s.options.coords} onChange={(e) => ctl.setOptions({ coords: e.currentTarget.checked })} data-testid="option-coords" />
        {t.t("options.coords")}
      </label>
      <label class="check">
        <input type="checkbox" checked={s.options.logExplain} onChange={(e) => ctl.setOptions({ logExplain: e.currentTarget.checked })} data-testid="option-explain" />
        {t.t("options.log_explain")}
      </label>
      {s.account?.guest && <UpgradeForm />}
      <label class="check">
        <input type="checkbox" checked={s.options.reduceMotion} onChange={(e) => ctl.setOptions({ reduceMotion: e.currentTarget.checked })} data-testid="option-motion" />
        {t.t("options.motion")}
      </label>
    </Panel>
  );
}

export function History() {
  const { s, ctl } = useApp();
  const t = s.t;
  useEffect(() => void ctl.loadHistory(), []);
  return (
    <div class="screen simple-screen" data-testid="screen-history">
      <h1 class="screen-title">{t.t("history.title")}</h1>
      {s.history.length === 0 ? (
        <p class="lead">{t.t("history.empty")}</p>
      ) : (
        <table class="history" data-testid="history-table">
          <tbody>
            {s.history.map((m) => (
              <tr key={m.match} data-testid="history-row">
                <td>#{m.match}</td>
                <td>{m.finished ? new Date(m.finished).toLocaleString(s.lang) : ""}</td>
                <td>{t.t("history.players", { n: m.players })}</td>
                <td>{m.rank ? t.t("results.rank", { n: m.rank }) : ""}</td>
                <td>{m.result ? t.name("how", m.result.how) : ""}</td>
                <td>{m.xp ? `+${m.xp} XP` : ""}</td>
                <td>
                  <button onClick={() => void ctl.openReplay(m.match)} data-testid="history-replay">{t.t("results.replay")}</button>
                  <a class="button" href={`/api/matches/${m.match}/replay`} download={`match-${m.match}.json`}>{t.t("results.download")}</a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button onClick={() => ctl.go("menu")} data-testid="history-back">{t.t("app.back")}</button>
    </div>
  );
}

export function Help() {
  const { s, ctl } = useApp();
  const t = s.t;
  return (
    <div class="screen simple-screen help-screen" data-testid="screen-help">
      <h1 class="screen-title">{t.t("help.title")}</h1>
      <p class="lead">{t.t("help.body")}</p>
      <p>{t.t("help.keys")}</p>
      <button onClick={() => ctl.go("menu")} data-testid="help-back">{t.t("app.back")}</button>
    </div>
  );
}

/** UpgradeForm turns the guest account into a registered one, keeping everything (protocol: POST /api/upgrade). */
function UpgradeForm() {
  const { s, ctl } = useApp();
  const t = s.t;
  const [u, setU] = useState("");
  const [p, setP] = useState("");
  return (
    <form
      class="upgrade"
      data-testid="upgrade-form"
      onSubmit={(e) => {
        e.preventDefault();
        void ctl.upgrade(u, p);
      }}
    >
      <fieldset>
        <legend>{t.t("menu.upgrade")}</legend>
        <input placeholder={t.t("login.username")} value={u} onInput={(e) => setU(e.currentTarget.value)} autoComplete="username" data-testid="upgrade-username" />
        <input type="password" placeholder={t.t("login.password")} value={p} onInput={(e) => setP(e.currentTarget.value)} autoComplete="new-password" data-testid="upgrade-password" />
        <button type="submit" data-testid="upgrade-submit">{t.t("login.submit_register")}</button>
      </fieldset>
    </form>
  );
}
