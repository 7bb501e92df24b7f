package webclient

import (
	"embed"
	"io/fs"
	"net/http"
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
				static.ServeHTTP(w, r2)
				return
			}
		}
		static.ServeHTTP(w, r)
	})
}
