package app

import (
	"errors"
	"io"
	"log/slog"
	"net"
	"os"
	"testing"
	"time"
)

// readClosed reports whether the server closed c instead of keeping it open. A refusal is
// immediate, so 300 ms of silence means the connection was accepted.
func readClosed(c net.Conn) bool {
	_ = c.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
	_, err := c.Read(make([]byte, 1))
	return err != nil && !errors.Is(err, os.ErrDeadlineExceeded)
}

func TestLimitConns(t *testing.T) {
	tests := []struct {
		name    string
		cfg     Config
		refused int
	}{
		{"capped", Config{MaxConnsPerClient: 2}, 2},
		{"off", Config{MaxConnsPerClient: 0}, 0},
		{"trusted proxy", Config{MaxConnsPerClient: 2, TrustedProxies: []string{"127.0.0.1"}}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := &App{Config: tt.cfg, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
			ln, err := a.Listen("127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			defer ln.Close()
			go func() { // hold every accepted connection open
				for {
					c, err := ln.Accept()
					if err != nil {
						return
					}
					defer c.Close()
				}
			}()
			closed := 0
			for range 4 {
				c, err := net.Dial("tcp", ln.Addr().String())
				if err != nil { // reset before connect returned
					closed++
					continue
				}
				defer c.Close()
				if readClosed(c) {
					closed++
				}
			}
			if closed != tt.refused {
				t.Errorf("%d of 4 connections closed, want %d", closed, tt.refused)
			}
			if got := a.refused.n.Load(); got != int64(tt.refused) {
				t.Errorf("refused counter = %d, want %d", got, tt.refused)
			}
		})
	}
}
