package webclient

import (
	"embed"
	"io/fs"
	"net/http"
	"strings"
)

//go:embed dist
var dist embed.FS

// FS returns the built client: index.html and its assets at the root.
func FS() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil { // only if the embed directive and the path disagree
		panic("webclient: " + err.Error())
	}
	return sub
}

// Handler serves the client. Paths that name no file get index.html, so
// the client's own routes survive a reload.
//
// The assets' names carry a hash of their content, so a browser may keep
// them for good; index.html, which names them, is revalidated on every
// load, so that a reload after the server is upgraded (the client reloads
// itself when the server no longer speaks its protocol) gets the new
// bundle rather than a cached page naming the old one.
func Handler() http.Handler {
	files := FS()
	static := http.FileServerFS(files)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := r.URL.Path
		if len(name) > 0 && name[0] == '/' {
			name = name[1:]
		}
		if name != "" {
			if _, err := fs.Stat(files, name); err != nil {
				r2 := r.Clone(r.Context())
				r2.URL.Path = "/"
				w.Header().Set("Cache-Control", cacheIndex)
				static.ServeHTTP(w, r2)
				return
			}
		}
		if strings.HasPrefix(name, "assets/") {
			w.Header().Set("Cache-Control", cacheAsset)
		} else {
			w.Header().Set("Cache-Control", cacheIndex)
		}
		static.ServeHTTP(w, r)
	})
}

// Cache-Control of the page and of the hashed assets.
const (
	cacheIndex = "no-cache"
	cacheAsset = "public, max-age=31536000, immutable"
)
