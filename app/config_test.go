package app

import (
	"strings"
	"testing"
)

func TestLoadConfigMaxConnsPerClient(t *testing.T) {
	tests := []struct {
		env     string
		want    int
		wantErr bool
	}{
		{"", DefaultMaxConnsPerClient, false},
		{"0", 0, false},
		{"1000", 1000, false},
		{"-1", 0, true},
		{"many", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.env, func(t *testing.T) {
			t.Setenv("BRANDGEN_MAX_CONNS_PER_CLIENT", tt.env)
			t.Setenv("BRANDGEN_TABS", "x") // a second bad variable: both must be named
			c, err := LoadConfig()
			if err == nil || !strings.Contains(err.Error(), "BRANDGEN_TABS") {
				t.Fatalf("error %v does not name BRANDGEN_TABS", err)
			}
			named := strings.Contains(err.Error(), "BRANDGEN_MAX_CONNS_PER_CLIENT")
			if named != tt.wantErr {
				t.Fatalf("error %q names BRANDGEN_MAX_CONNS_PER_CLIENT: %v, want %v", err, named, tt.wantErr)
			}
			if !tt.wantErr && c.MaxConnsPerClient != tt.want {
				t.Errorf("MaxConnsPerClient = %d, want %d", c.MaxConnsPerClient, tt.want)
			}
		})
	}
}

func TestLoadConfigBodyMemory(t *testing.T) {
	tests := []struct {
		env     string
		want    int
		wantErr bool
	}{
		{"", 256, false},
		{"64", 64, false},
		{"8", 0, true}, // below one 10 MB body and headroom
		{"lots", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.env, func(t *testing.T) {
			t.Setenv("BRANDGEN_BODY_MEMORY", tt.env)
			c, err := LoadConfig()
			if named := err != nil && strings.Contains(err.Error(), "BRANDGEN_BODY_MEMORY"); named != tt.wantErr {
				t.Fatalf("error %v names BRANDGEN_BODY_MEMORY: %v, want %v", err, named, tt.wantErr)
			}
			if !tt.wantErr && c.BodyMemoryMB != tt.want {
				t.Errorf("BodyMemoryMB = %d, want %d", c.BodyMemoryMB, tt.want)
			}
		})
	}
}
