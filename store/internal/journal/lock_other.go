//go:build !unix

package journal

import (
	"fmt"
	"os"
	"path/filepath"
)

// lockFile is the file in a journal's directory its Log holds open.
const lockFile = "lock"

// lockDir opens the lock file. Without flock it does not keep a second
// store out: run one server per data directory.
func lockDir(dir string) (*os.File, error) {
	f, err := os.OpenFile(filepath.Join(dir, lockFile), os.O_CREATE|os.O_RDWR, 0o640)
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	return f, nil
}

// syncDir does nothing where directories cannot be synced.
func syncDir(string) error { return nil }
