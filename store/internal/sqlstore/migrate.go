package sqlstore

import (
	"context"
	"fmt"

	"github.com/pressly/goose/v3"
)

// Migrate applies the migrations the database lacks, then refuses a
// database whose schema is newer than this build's migration files (a
// newer server wrote it; this one would misread it).
func Migrate(ctx context.Context, p *goose.Provider) error {
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	current, target, err := p.GetVersions(ctx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if current > target {
		return fmt.Errorf("migrate: the database schema is at version %d, newer than this build's %d", current, target)
	}
	return nil
}
