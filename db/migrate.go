package db

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
)

// migrationFS holds the schema of each dialect: migrations/<dialect>/NNNN_name.sql, applied in
// version order, each in its own transaction, and recorded in schema_migrations.
//
//go:embed migrations/postgres/*.sql migrations/sqlite/*.sql
var migrationFS embed.FS

// migration is one embedded schema change.
type migration struct {
	Version int64
	Name    string
	SQL     string
}

// loadMigrations reads the migrations of one dialect ("postgres" or "sqlite"), sorted by version.
func loadMigrations(dialect string) ([]migration, error) {
	dir := path.Join("migrations", dialect)
	entries, err := fs.ReadDir(migrationFS, dir)
	if err != nil {
		return nil, fmt.Errorf("read migrations %s: %w", dir, err)
	}
	var out []migration
	seen := map[int64]string{}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".sql") {
			continue
		}
		num, _, ok := strings.Cut(name, "_")
		if !ok {
			return nil, fmt.Errorf("migration %s/%s: name must be NNNN_description.sql", dir, name)
		}
		v, err := strconv.ParseInt(num, 10, 64)
		if err != nil || v <= 0 {
			return nil, fmt.Errorf("migration %s/%s: version %q is not a positive number", dir, name, num)
		}
		if other, dup := seen[v]; dup {
			return nil, fmt.Errorf("migrations %s and %s in %s share version %d", other, name, dir, v)
		}
		seen[v] = name
		body, err := fs.ReadFile(migrationFS, path.Join(dir, name))
		if err != nil {
			return nil, fmt.Errorf("read migration %s: %w", name, err)
		}
		out = append(out, migration{Version: v, Name: name, SQL: string(body)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	return out, nil
}
