// Package auth gives players accounts: play as a guest at once, upgrade
// the guest to a registered account without losing anything, register and
// log in with a username and password, change the password, delete the
// account.
//
// A [Service] does all of this over a [store.Store]:
//
//	svc := auth.New(st, auth.Options{})
//	acct, token, err := svc.Guest(ctx, "Ada")           // play at once
//	acct, err = svc.Upgrade(ctx, acct.ID, "ada", "correct horse") // same id
//	acct, token, err = svc.Login(ctx, "ada", "correct horse", remoteAddr)
//	acct, err = svc.Authenticate(ctx, token)            // each request
//	err = svc.ChangePassword(ctx, token, "correct horse", "battery staple") // ends the other sessions
//
// # Passwords
//
// Passwords are hashed with argon2id ([HashPassword]) into a PHC-style
// string that carries its parameters and a random salt, so parameters can
// change without invalidating stored hashes; [VerifyPassword] compares in
// constant time. [HashParams] sets the cost; [CheapHashParams] is for
// tests only.
//
// # Sessions
//
// A session token is 32 random bytes, base64url-encoded (43 characters).
// The store only ever sees its SHA-256 hash, recorded with an expiry
// (Options.SessionTTL, 30 days by default). An expired token
// authenticates as [ErrNoSession], like an unknown one. Expired sessions
// stay in the store until [Service.PurgeSessions] removes them.
//
// [Service.ChangePassword] is called with the session token of the
// request: once the new password is stored it ends every other session
// of the account (store.DeleteSessionsExcept), so a leaked password or a
// forgotten device stops working at once, and the caller stays logged in.
// Deleting an account deletes all its sessions.
//
// # Rate limiting
//
// Login attempts are limited per username and per remote address, and
// the password checks of ChangePassword and DeleteAccount per username,
// with token buckets (golang.org/x/time/rate). A refused attempt returns a
// *[RateLimitError] (errors.Is [ErrRateLimited]) saying when to retry, and
// costs nothing: it uses up no tokens and hashes nothing. Each limiter
// keeps at most Options.MaxLimiterKeys keys and forgets the least recently
// used beyond that. Time comes from Options.Clock, so tests need not sleep.
//
// # Errors
//
// Errors callers branch on are the Err values of this package (use
// errors.Is). A wrong password and an unknown username are the same
// [ErrBadCredentials], and an unknown username costs a password hash too,
// so neither the answer nor its timing tells whether a username exists.
// Other errors come from the store or crypto/rand.
//
// A Service's methods may be called concurrently.
package auth
