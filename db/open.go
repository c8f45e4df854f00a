package db

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// SQLiteFile is the name of the SQLite database Open creates in the data directory.
const SQLiteFile = "brandgen.db"

// Open returns the store the configuration asks for and runs Migrate on it: Postgres (OpenPostgres)
// when databaseURL is not empty, otherwise SQLite (OpenSQLite) at dataDir/brandgen.db, creating
// dataDir when missing. When Postgres cannot be reached the error wraps brandgen.ErrStoreUnavailable;
// on any error nothing is left open.
func Open(ctx context.Context, databaseURL, dataDir string) (Store, error) {
	var (
		s   Store
		err error
	)
	if databaseURL != "" {
		s, err = OpenPostgres(ctx, databaseURL)
	} else {
		if dataDir == "" {
			return nil, errors.New("db: open: no database URL and no data directory")
		}
		if err := os.MkdirAll(dataDir, 0o750); err != nil {
			return nil, fmt.Errorf("db: open: create data directory: %w", err)
		}
		s, err = OpenSQLite(ctx, filepath.Join(dataDir, SQLiteFile))
	}
	if err != nil {
		return nil, err
	}
	if err := s.Migrate(ctx); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}
