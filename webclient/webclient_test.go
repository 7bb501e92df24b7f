package webclient

import (
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDistIsBuilt checks the committed bundle without Node: index.html
// names assets that exist, and nothing in it loads from another host (the
// client takes no asset from the internet at run time).
func TestDistIsBuilt(t *testing.T) {
	files := FS()
	index, err := fs.ReadFile(files, "index.html")
	if err != nil {
		t.Fatalf("ReadFile(index.html) = %v; run npm --prefix web run build", err)
	}
	refs := regexp.MustCompile(`(?:src|href)="([^"]+)"`).FindAllStringSubmatch(string(index), -1)
	assets := 0
	for _, m := range refs {
		ref := m[1]
		if strings.HasPrefix(ref, "data:") {
			continue
		}
		if strings.Contains(ref, "//") {
			t.Errorf("index.html loads %q from another host", ref)
			continue
		}
		if _, err := fs.Stat(files, strings.TrimPrefix(ref, "/")); err != nil {
			t.Errorf("index.html names %q, which is not in dist: %v", ref, err)
		}
		assets++
	}
	if assets < 2 {
		t.Errorf("index.html names %d assets, want the script and the stylesheet", assets)
	}
	err = fs.WalkDir(files, "assets", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(files, path)
		if err != nil {
			return err
		}
		for _, bad := range []string{"fonts.googleapis.com", "cdn.jsdelivr", "unpkg.com", "cdnjs."} {
			if strings.Contains(string(b), bad) {
				t.Errorf("%s references %s", path, bad)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("WalkDir(assets) = %v", err)
	}
}

// TestHandlerServesClientRoutes checks that paths naming no file get
// index.html, so a reload on a client route works, and assets are served.
func TestHandlerServesClientRoutes(t *testing.T) {
	srv := httptest.NewServer(Handler())
	defer srv.Close()
	for _, path := range []string{"/", "/play", "/menu/traits"} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(string(b), `id="app"`) {
			t.Errorf("GET %s = %d, want index.html", path, res.StatusCode)
		}
	}
}

// TestHandlerCaching: the page is revalidated on every load and the
// hashed assets are kept for good, so a reload after an upgrade fetches
// the new bundle (the client reloads itself on unsupported_protocol).
func TestHandlerCaching(t *testing.T) {
	srv := httptest.NewServer(Handler())
	defer srv.Close()
	index, err := fs.ReadFile(FS(), "index.html")
	if err != nil {
		t.Fatal(err)
	}
	script := regexp.MustCompile(`src="/?(assets/[^"]+)"`).FindSubmatch(index)
	if script == nil {
		t.Fatalf("index.html names no script under assets/:\n%s", index)
	}
	tests := []struct{ path, want string }{
		{"/", "no-cache"},
		{"/index.html", "no-cache"},
		{"/play", "no-cache"}, // a client route: index.html
		{"/" + string(script[1]), "public, max-age=31536000, immutable"},
	}
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			res, err := http.Get(srv.URL + tc.path)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode != 200 && res.StatusCode != 301 {
				t.Fatalf("GET %s = %d", tc.path, res.StatusCode)
			}
			if got := res.Header.Get("Cache-Control"); got != tc.want {
				t.Errorf("GET %s: Cache-Control %q, want %q", tc.path, got, tc.want)
			}
		})
	}
}

// TestWebUnitTests runs the client's unit tests (web/test, node --test):
// view → render model, decisions, event texts and explain arithmetic,
// i18n completeness (UI-409, UI-410-UI-416, GAP-63, CARD-001-084), and the
// reconnecting socket. They need Node and web/node_modules, so they run only
// with TABLETOP_WEB_TESTS=1 (npm ci --prefix web first).
func TestWebUnitTests(t *testing.T) {
	if os.Getenv("TABLETOP_WEB_TESTS") != "1" {
		t.Skip("set TABLETOP_WEB_TESTS=1 (with Node and npm ci --prefix web) to run the web client's unit tests")
	}
	web, err := filepath.Abs(filepath.Join("..", "web"))
	if err != nil {
		t.Fatal(err)
	}
	if err := ReadSources(web); err != nil {
		t.Fatal(err)
	}
	for _, script := range []string{"typecheck", "test"} {
		cmd := exec.Command("npm", "--prefix", web, "run", script)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("npm run %s: %v\n%s", script, err, out)
		}
		t.Logf("npm run %s: ok", script)
	}
}

// TestReadSources: the client's own files are read, node_modules is not
// (a dangling link there would fail the read), and a missing directory is
// an error.
func TestReadSources(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "src", "a.ts"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "node_modules"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "nowhere"), filepath.Join(dir, "node_modules", "dangling.js")); err != nil {
		t.Fatal(err)
	}
	if err := ReadSources(dir); err != nil {
		t.Errorf("ReadSources = %v: it must skip node_modules", err)
	}
	if err := os.Symlink(filepath.Join(dir, "nowhere"), filepath.Join(dir, "src", "dangling.ts")); err != nil {
		t.Fatal(err)
	}
	if err := ReadSources(dir); err == nil {
		t.Error("ReadSources of a source it cannot read: no error")
	}
	if err := ReadSources(filepath.Join(dir, "missing")); err == nil {
		t.Error("ReadSources of a missing directory: no error")
	}
}
