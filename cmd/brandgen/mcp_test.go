package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestMCPCommand runs `brandgen mcp` as a child process and speaks the protocol's newline-delimited
// JSON-RPC on its stdin and stdout (the SDK's own client is used by the mcp package's tests; the
// SDK stays out of this package): stdout carries only protocol messages, the call uses the local
// dev key it creates, and a refused call is a tool error naming the field.
func TestMCPCommand(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.CommandContext(t.Context(), os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "BRANDGEN_TEST_AS_MCP=1", "BRANDGEN_DATA_DIR="+dir, "BRANDGEN_API_KEY=",
		"DATABASE_URL=", "REDIS_URL=", "OPENAI_API_KEY=", "OPENAI_BASE_URL=")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		stdin.Close()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
		if t.Failed() {
			t.Logf("stderr:\n%s", stderr.String())
		}
	}()
	lines := bufio.NewScanner(stdout)
	lines.Buffer(make([]byte, 1<<20), 1<<24)
	send := func(msg string) {
		t.Helper()
		if _, err := fmt.Fprintln(stdin, msg); err != nil {
			t.Fatal(err)
		}
	}
	recv := func(id int) map[string]any {
		t.Helper()
		for lines.Scan() {
			var m map[string]any
			if err := json.Unmarshal(lines.Bytes(), &m); err != nil {
				t.Fatalf("stdout line is not JSON-RPC: %.200s", lines.Text())
			}
			if m["id"] == float64(id) {
				return m
			}
		}
		t.Fatalf("no answer %d: %v", id, lines.Err())
		return nil
	}
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"0"}}}`)
	init := recv(1)
	if info, _ := init["result"].(map[string]any)["serverInfo"].(map[string]any); info["name"] != "brandgen" {
		t.Fatalf("initialize = %v", init)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"render_chart","arguments":{"chartType":"bar","series":[{"label":"a","value":1}]}}}`)
	res, _ := recv(2)["result"].(map[string]any)
	if res["isError"] != true {
		t.Fatalf("a one-point bar chart: %v", res)
	}
	text := res["content"].([]any)[0].(map[string]any)["text"].(string)
	if !strings.HasPrefix(text, "validation_error") || !strings.Contains(text, "- series: ") {
		t.Errorf("tool error text = %q", text)
	}
	if b, err := os.ReadFile(filepath.Join(dir, devKeyFile)); err != nil || !strings.HasPrefix(string(b), "bg_") {
		t.Errorf("dev key file: %v %q", err, b)
	}
}
