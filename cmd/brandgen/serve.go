package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/app"
	"github.com/brandgen/brandgen/db"
	"github.com/brandgen/brandgen/keys"
)

// shutdownGrace caps how long in-flight requests may run after SIGTERM.
const shutdownGrace = 30 * time.Second

func serve(ctx context.Context, cfg app.Config, log *slog.Logger, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	devKey := fs.Bool("dev-key", false, "ensure a local developer key exists (kept in BRANDGEN_DATA_DIR) and print it")
	if err := fs.Parse(args); err != nil {
		return usageError("usage: brandgen serve [--dev-key]")
	}
	slog.SetDefault(log)

	a, err := app.New(ctx, cfg, log, app.Overrides{StoreWait: time.Minute})
	if err != nil {
		return err
	}
	defer a.Close()
	if *devKey {
		key, err := ensureDevKey(ctx, a.Store, cfg.DataDir)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "\nbrandgen is starting on %s\nAPI key (account \"local\", developer plan; saved in %s):\n\n  %s\n\ntry: curl -H \"x-api-key: %s\" http://localhost%s/api/v1/schemas\n\n",
			cfg.Addr, filepath.Join(cfg.DataDir, devKeyFile), key, key, listenHint(cfg.Addr))
	}
	a.Warm(ctx) // without delaying the listener

	srv := a.Server(cfg.Addr)
	ln, err := a.Listen(cfg.Addr) // with the per-client connection cap
	if err != nil {
		return err
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	log.Info("listening", "addr", cfg.Addr, "database", cfg.DatabaseKind(), "redis", cfg.RedisURL != "",
		"max_conns_per_client", cfg.MaxConnsPerClient)
	select {
	case err := <-errc:
		return fmt.Errorf("serve %s: %w", cfg.Addr, err)
	case <-ctx.Done():
	}
	log.Info("shutting down: finishing in-flight requests", "grace", shutdownGrace.String())
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		log.Warn("in-flight requests cut at the grace limit", "err", err)
	}
	return nil
}

const devKeyFile = "dev-api-key"

// ensureDevKey returns the local developer key kept in dataDir, making one when the file is missing
// or its key no longer works against this database.
func ensureDevKey(ctx context.Context, store db.Store, dataDir string) (string, error) {
	path := filepath.Join(dataDir, devKeyFile)
	if b, err := os.ReadFile(path); err == nil {
		key := strings.TrimSpace(string(b))
		if prefix, ok := keys.Prefix(key); ok {
			if k, _, err := store.KeyByPrefix(ctx, prefix); err == nil && string(k.Hash) == string(keys.Hash(key)) {
				return key, nil
			}
		}
	}
	key, _, err := createKey(ctx, store, "local", brandgen.PlanDeveloper)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dataDir, 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(path, []byte(key+"\n"), 0o600); err != nil {
		return "", fmt.Errorf("save dev key: %w", err)
	}
	return key, nil
}

func listenHint(addr string) string {
	if strings.HasPrefix(addr, ":") {
		return addr
	}
	if i := strings.LastIndex(addr, ":"); i >= 0 {
		return addr[i:]
	}
	return addr
}
