package webclient

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ReadSources reads every source file of the client under webDir (the
// repository's web/ directory, without node_modules and build output).
// The tests that run the client's own tests through npm call it first:
// `go test` caches a test's result keyed on the files the test process
// itself opened, not those npm opened, so without it a change to the
// client could be answered with a stale cached pass.
func ReadSources(webDir string) error {
	return filepath.WalkDir(webDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("webclient: sources: %w", err)
		}
		if d.IsDir() {
			switch d.Name() {
			case "node_modules", ".test-build":
				return filepath.SkipDir
			}
			return nil
		}
		if _, err := os.ReadFile(path); err != nil {
			return fmt.Errorf("webclient: sources: %w", err)
		}
		return nil
	})
}
