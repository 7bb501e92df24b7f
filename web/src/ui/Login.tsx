// Sign-in: play as a guest at once, log in, or register (docs/protocol.md
// "Session calls"). The session is an HttpOnly cookie the server sets.

import { useState } from "preact/hooks";
import { useApp } from "./common";
import { LANGS } from "../i18n/i18n";

export function Login() {
  const { s, ctl } = useApp();
  const t = s.t;
  const [mode, setMode] = useState<"login" | "register">("login");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [display, setDisplay] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    if (mode === "login") await ctl.login(username, password);
    else await ctl.register(username, password, display || undefined);
    setBusy(false);
  };
  return (
    <div class="screen login-screen" data-testid="screen-login">
      <div class="login-box">
        <h1 class="logo">{t.t("app.title")}</h1>
        <p class="subtitle">{t.t("login.title")}</p>
        <div class="lang-switch">
          {LANGS.map((l) => (
            <button key={l} class={l === s.lang ? "on" : ""} onClick={() => ctl.setLang(l)} data-testid={`lang-${l}`}>
              {l === "ko" ? "한국어" : "English"}
            </button>
          ))}
        </div>
        <button class="big primary" data-testid="guest" disabled={busy} onClick={async () => {
          setBusy(true);
          await ctl.guest(display || undefined);
          setBusy(false);
        }}>
          {t.t("login.guest")}
        </button>
        <div class="tabs">
          <button class={mode === "login" ? "on" : ""} onClick={() => setMode("login")} data-testid="tab-login">
            {t.t("login.login")}
          </button>
          <button class={mode === "register" ? "on" : ""} onClick={() => setMode("register")} data-testid="tab-register">
            {t.t("login.register")}
          </button>
        </div>
        <form onSubmit={submit} data-testid={`form-${mode}`}>
          <label>
            {t.t("login.username")}
            <input name="username" autoComplete="username" value={username} onInput={(e) => setUsername(e.currentTarget.value)} data-testid="username" required />
          </label>
          <label>
            {t.t("login.password")}
            <input
              name="password"
              type="password"
              autoComplete={mode === "login" ? "current-password" : "new-password"}
              value={password}
              onInput={(e) => setPassword(e.currentTarget.value)}
              data-testid="password"
              required
            />
          </label>
          {mode === "register" && (
            <label>
              {t.t("login.display")}
              <input name="display_name" value={display} onInput={(e) => setDisplay(e.currentTarget.value)} data-testid="display-name" />
            </label>
          )}
          <button type="submit" class="big" disabled={busy} data-testid="submit">
            {t.t(mode === "login" ? "login.submit_login" : "login.submit_register")}
          </button>
        </form>
      </div>
    </div>
  );
}
