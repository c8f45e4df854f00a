package main

import (
	"context"
	"flag"
	"io"
	"log/slog"
	"time"

	"github.com/brandgen/brandgen/app"
	"github.com/brandgen/brandgen/mcp"
)

// mcpCmd serves the MCP tools on stdin and stdout, over an in-process API on the configured
// database: every call is made with BRANDGEN_API_KEY, or the local developer key of `serve
// --dev-key` when unset. Logs go to stderr; stdout carries only the protocol.
func mcpCmd(ctx context.Context, cfg app.Config, log *slog.Logger, args []string) error {
	fs := flag.NewFlagSet("mcp", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		return usageError("usage: brandgen mcp   (stdio MCP server; key from BRANDGEN_API_KEY, else the local dev key)")
	}
	slog.SetDefault(log)
	a, err := app.New(ctx, cfg, log, app.Overrides{StoreWait: time.Minute})
	if err != nil {
		return err
	}
	defer a.Close()
	key := cfg.APIKey
	if key == "" {
		if key, err = ensureDevKey(ctx, a.Store, cfg.DataDir); err != nil {
			return err
		}
	}
	srv, err := mcp.New(a.Handler(), key)
	if err != nil {
		return err
	}
	a.Warm(ctx)
	log.Info("MCP server on stdio", "database", cfg.DatabaseKind())
	return mcp.ServeStdio(ctx, srv)
}
