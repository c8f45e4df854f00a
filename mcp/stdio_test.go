package mcp_test

import (
	"context"
	"log/slog"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/app"
	"github.com/brandgen/brandgen/keys"
	"github.com/brandgen/brandgen/mcp"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// stdioServer is what `brandgen mcp` does, in the test binary: an App on SQLite in
// BRANDGEN_DATA_DIR, a developer key, the tools on stdin and stdout, logs on stderr.
func stdioServer() error {
	ctx := context.Background()
	cfg, err := app.LoadConfig()
	if err != nil {
		return err
	}
	a, err := app.New(ctx, cfg, slog.New(slog.NewTextHandler(os.Stderr, nil)), app.Overrides{})
	if err != nil {
		return err
	}
	defer a.Close()
	acct, err := a.Store.EnsureAccount(ctx, "stdio", brandgen.PlanDeveloper)
	if err != nil {
		return err
	}
	key, prefix, hash := keys.New()
	if _, err := a.Store.CreateKey(ctx, acct.ID, prefix, hash); err != nil {
		return err
	}
	srv, err := mcp.New(a.Handler(), key)
	if err != nil {
		return err
	}
	return mcp.ServeStdio(ctx, srv)
}

// TestStdio runs the server as a child process and talks to it over its stdin and stdout with the
// SDK's command transport.
func TestStdio(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "BRANDGEN_TEST_AS_STDIO_SERVER=1", "BRANDGEN_DATA_DIR="+t.TempDir(),
		"DATABASE_URL=", "REDIS_URL=", "OPENAI_API_KEY=", "OPENAI_BASE_URL=")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	cs := connect(t, &sdk.CommandTransport{Command: cmd})
	defer func() {
		if t.Failed() {
			t.Logf("server stderr:\n%s", stderr.String())
		}
	}()
	tools, err := cs.ListTools(t.Context(), nil)
	if err != nil || len(tools.Tools) != 5 {
		t.Fatalf("tools/list: %v, %d tools", err, len(tools.Tools))
	}
	image(t, "render_chart", call(t, cs, "render_chart", with(chart, "theme", "dark")), 1080, 1080)
	toolError(t, "bad size", call(t, cs, "render_chart", with(chart, "size", "huge")), "validation_error", "size")
}
