// Package webclient holds the browser client, built from web/ (TypeScript)
// into dist/ and embedded in the binary, so `tabletop serve` needs no
// files beside it and no asset comes from the internet at run time.
//
// dist/ is committed: `go build ./...` on a clean clone needs no Node.
// Rebuild it with `npm --prefix web run build` after changing web/.
//
//	mux.Handle("/", webclient.Handler())
package webclient
