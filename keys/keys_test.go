package keys

import (
	"bytes"
	"testing"
)

func TestNewAndPrefix(t *testing.T) {
	key, prefix, hash := New()
	got, ok := Prefix(key)
	if !ok || got != prefix {
		t.Fatalf("Prefix(%q) = %q, %v; want %q", key, got, ok, prefix)
	}
	if !bytes.Equal(Hash(key), hash) || len(hash) != 32 {
		t.Fatalf("hash mismatch")
	}
	other, _, _ := New()
	if other == key {
		t.Fatal("two keys are equal")
	}
	for _, bad := range []string{"", "bg_", key[:len(key)-1], "xx" + key[2:], key + "a", "bg_abcdefgh-" + key[12:]} {
		if _, ok := Prefix(bad); ok {
			t.Errorf("Prefix(%q) accepted a malformed key", bad)
		}
	}
}
