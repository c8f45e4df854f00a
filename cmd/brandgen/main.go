// Command brandgen is the brandgen server and its operator tools, in one binary:
//
//	brandgen serve                 the HTTP API
//	brandgen mcp                   the MCP tool server on stdio (see the README)
//	brandgen worker                the async job worker (animations, batch renders) on REDIS_URL
//	brandgen migrate               apply database migrations and exit
//	brandgen keys create --account NAME --plan free|pro|developer
//	brandgen keys list --account NAME
//	brandgen keys revoke PREFIX
//	brandgen credits add --account NAME --amount N
//	brandgen sheet                 render every chart into contact sheets (visual review)
//	brandgen probe URL             exit 0 when URL answers 200 (container health check)
//
// Every subcommand reads the same environment (see the README).
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/brandgen/brandgen/app"
)

const usage = `usage: brandgen <command> [flags]

commands:
  serve      run the HTTP API (BRANDGEN_ADDR, default :8080)
  mcp        serve the MCP tools on stdio (key: BRANDGEN_API_KEY, else the local dev key)
  worker     run the async job worker on REDIS_URL (health on BRANDGEN_WORKER_ADDR, default :8081)
  migrate    apply database migrations and exit
  keys       create | list | revoke API keys
  credits    add logo credits to an account
  sheet      render contact sheets of every chart type, style, theme and size
  probe URL  exit 0 when URL answers 200 (container health checks)

configuration comes from environment variables; see README.md.
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		var ue usageError
		if errors.As(err, &ue) {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		fmt.Fprintln(os.Stderr, "brandgen:", err)
		os.Exit(1)
	}
}

type usageError string

func (u usageError) Error() string { return string(u) }

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError(usage)
	}
	cfg, err := app.LoadConfig()
	if err != nil {
		return err
	}
	log := newLogger(stderr, cfg.LogLevel)
	switch args[0] {
	case "serve":
		return serve(ctx, cfg, log, args[1:], stdout)
	case "mcp":
		return mcpCmd(ctx, cfg, log, args[1:])
	case "worker":
		return worker(ctx, cfg, log, args[1:])
	case "migrate":
		return migrate(ctx, cfg, stdout)
	case "keys":
		return keysCmd(ctx, cfg, args[1:], stdout)
	case "credits":
		return creditsCmd(ctx, cfg, args[1:], stdout)
	case "sheet":
		return sheetCmd(ctx, cfg, log, args[1:], stdout)
	case "probe":
		return probe(ctx, args[1:])
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	return usageError(fmt.Sprintf("unknown command %q\n\n%s", args[0], usage))
}

func newLogger(w io.Writer, level string) *slog.Logger {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		l = slog.LevelInfo
	}
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: l}))
}

// probe is a dependency-free health check for containers without curl.
func probe(ctx context.Context, args []string) error {
	if len(args) != 1 {
		return usageError("usage: brandgen probe URL")
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, args[0], nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s answered %s", args[0], resp.Status)
	}
	return nil
}
