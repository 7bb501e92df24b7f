package gateway

import (
	"net/http"

	"tabletop/server/auth"
	"tabletop/store"
)

// sessionReply is the body of the calls that create a session.
type sessionReply struct {
	Account accountJSON `json:"account"`
	Token   string      `json:"token"`
}

// signupAllowed applies the per-address limit on new accounts, and
// refuses them while draining.
func (s *Server) signupAllowed(r *http.Request) error {
	if s.draining.Load() {
		return errorf(CodeDraining, "the server is shutting down; try again in a moment")
	}
	if ok, wait := s.signups.allow(remoteIP(r), s.cfg.Live.Now()); !ok {
		return &Error{Code: CodeRateLimited, Msg: "too many new accounts from this address", RetryAfter: wait}
	}
	return nil
}

func (s *Server) handleGuest(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		DisplayName string `json:"display_name"`
	}
	if err := readJSON(r, &body, true); err != nil {
		return err
	}
	if err := s.signupAllowed(r); err != nil {
		return err
	}
	a, token, err := s.cfg.Auth.Guest(r.Context(), body.DisplayName)
	if err != nil {
		return err
	}
	s.log.Info("guest created", "account", a.ID)
	setSession(w, r, token)
	writeJSON(w, http.StatusOK, sessionReply{Account: toAccountJSON(a), Token: token})
	return nil
}

func (s *Server) handleRegister(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Username    string `json:"username"`
		Password    string `json:"password"`
		DisplayName string `json:"display_name"`
	}
	if err := readJSON(r, &body, false); err != nil {
		return err
	}
	if err := s.signupAllowed(r); err != nil {
		return err
	}
	a, token, err := s.cfg.Auth.Register(r.Context(), body.Username, body.Password, body.DisplayName)
	if err != nil {
		return err
	}
	s.log.Info("account registered", "account", a.ID)
	setSession(w, r, token)
	writeJSON(w, http.StatusOK, sessionReply{Account: toAccountJSON(a), Token: token})
	return nil
}

func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Username string `json:"username"`
		Password string `json:"password"`
	}
	if err := readJSON(r, &body, false); err != nil {
		return err
	}
	a, token, err := s.cfg.Auth.Login(r.Context(), body.Username, body.Password, remoteIP(r))
	if err != nil {
		return err
	}
	setSession(w, r, token)
	writeJSON(w, http.StatusOK, sessionReply{Account: toAccountJSON(a), Token: token})
	return nil
}

func (s *Server) handleLogout(w http.ResponseWriter, r *http.Request) error {
	if token, _ := credentials(r, true); token != "" {
		if err := s.cfg.Auth.Logout(r.Context(), token); err != nil {
			return err
		}
		// The session's connections end with it; the account's other
		// sessions (other devices) keep theirs.
		s.hub.closeSessions(func(_ store.AccountID, t string) bool { return t == token }, closeUnauthorized, "signed out")
	}
	clearSession(w, r)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Server) handleUpgrade(w http.ResponseWriter, r *http.Request) error {
	a, _, err := s.authenticate(r)
	if err != nil {
		return err
	}
	var body struct {
		Username string `json:"username"`
		Password string `json:"password"`
	}
	if err := readJSON(r, &body, false); err != nil {
		return err
	}
	a, err = s.cfg.Auth.Upgrade(r.Context(), a.ID, body.Username, body.Password)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"account": toAccountJSON(a)})
	return nil
}

func (s *Server) handlePassword(w http.ResponseWriter, r *http.Request) error {
	a, token, err := s.authenticate(r)
	if err != nil {
		return err
	}
	var body struct {
		Old string `json:"old_password"`
		New string `json:"new_password"`
	}
	if err := readJSON(r, &body, false); err != nil {
		return err
	}
	if err := s.cfg.Auth.ChangePassword(r.Context(), token, body.Old, body.New); err != nil {
		return err
	}
	// ChangePassword ended the account's other sessions: their
	// connections end too, and this session's stay.
	s.hub.closeSessions(func(id store.AccountID, t string) bool { return id == a.ID && t != token }, closeUnauthorized, "password changed")
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Server) handleMe(w http.ResponseWriter, r *http.Request) error {
	a, _, err := s.authenticate(r)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"account": toAccountJSON(a)})
	return nil
}

func (s *Server) handlePatchMe(w http.ResponseWriter, r *http.Request) error {
	a, _, err := s.authenticate(r)
	if err != nil {
		return err
	}
	var body struct {
		DisplayName *string `json:"display_name"`
		Icon        *string `json:"icon"`
	}
	if err := readJSON(r, &body, false); err != nil {
		return err
	}
	p := a.Profile
	if body.DisplayName != nil {
		if p.DisplayName, err = auth.NormalizeDisplayName(*body.DisplayName); err != nil {
			return err
		}
	}
	if body.Icon != nil {
		if !iconPattern.MatchString(*body.Icon) {
			return errorf(CodeBadIcon, "an icon is up to 32 characters of a-z, 0-9, _ and -")
		}
		p.Icon = *body.Icon
	}
	if err := s.cfg.Store.SetProfile(r.Context(), a.ID, p); err != nil {
		return err
	}
	a.Profile = p
	if s.lobby != nil {
		// The party, the waiting room and the friends show the new profile.
		s.lobby.Refresh(r.Context(), a.ID)
	}
	writeJSON(w, http.StatusOK, map[string]any{"account": toAccountJSON(a)})
	return nil
}

func (s *Server) handleDeleteMe(w http.ResponseWriter, r *http.Request) error {
	a, _, err := s.authenticate(r)
	if err != nil {
		return err
	}
	var body struct {
		Password string `json:"password"`
	}
	if err := readJSON(r, &body, true); err != nil {
		return err
	}
	if err := s.cfg.Auth.DeleteAccount(r.Context(), a.ID, body.Password); err != nil {
		return err
	}
	s.log.Info("account deleted", "account", a.ID)
	s.hub.closeAccount(a.ID, closeUnauthorized, "account deleted")
	clearSession(w, r)
	w.WriteHeader(http.StatusNoContent)
	return nil
}
